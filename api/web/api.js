// The JSON API, called with the signed-in key. Errors become ApiError with words to show.

export class ApiError extends Error {
  constructor(status, problem) {
    const title = problem.title || `HTTP ${status}`;
    const detail = problem.detail ? `: ${problem.detail}` : "";
    super(`${title}${detail}`);
    this.status = status;
    this.code = problem.code || null;
    this.problem = problem;
  }
}

const HINTS = {
  401: "The key was not accepted. Sign in again with a valid key.",
  403: "This key may not do that (it needs the admin key).",
  404: "Not found, or not visible to this key.",
  413: "Too large for the server's limits.",
  415: "The server does not accept this kind of file.",
};

/** A problem (RFC 7807) or any failure, in words for the page. */
export function describe(err) {
  if (err instanceof ApiError) {
    const hint = HINTS[err.status] ? ` ${HINTS[err.status]}` : "";
    const limit = err.problem.limit !== undefined ? ` (limit ${err.problem.limit})` : "";
    const code = err.code ? ` [${err.code}, HTTP ${err.status}]` : ` [HTTP ${err.status}]`;
    return `${err.message}${limit}.${hint}${code}`;
  }
  if (err instanceof TypeError) return `The server could not be reached (${err.message}).`;
  return String(err && err.message ? err.message : err);
}

export class Api {
  constructor(key) {
    this.key = key;
  }

  headers(extra = {}) {
    return { Authorization: `Bearer ${this.key}`, ...extra };
  }

  /** The raw Response (ok), or an ApiError from the problem document. */
  async fetch(path, options = {}) {
    const response = await fetch(path, { ...options, headers: this.headers(options.headers) });
    if (!response.ok) {
      let problem = {};
      try {
        problem = await response.json();
      } catch {
        problem = { title: response.statusText || `HTTP ${response.status}` };
      }
      throw new ApiError(response.status, problem);
    }
    return response;
  }

  async json(path, options = {}) {
    const response = await this.fetch(path, options);
    return response.status === 204 ? null : response.json();
  }

  get(path) {
    return this.json(path);
  }

  post(path, body) {
    const options = { method: "POST" };
    if (body !== undefined) {
      options.body = JSON.stringify(body);
      options.headers = { "content-type": "application/json" };
    }
    return this.json(path, options);
  }

  /** Every binding of a knowledge base (paged by the API's limit). */
  async allBindings(kb, entity) {
    const out = [];
    for (let offset = 0; ; offset += 1000) {
      const q = new URLSearchParams({ limit: "1000", offset: String(offset) });
      if (entity) q.set("entity", entity);
      const page = await this.get(`/v1/kbs/${enc(kb)}/bindings?${q}`);
      out.push(...page);
      if (page.length < 1000) return out;
    }
  }
}

export const enc = encodeURIComponent;
