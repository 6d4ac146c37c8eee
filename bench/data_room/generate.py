"""Build the due-diligence data room: 23 PDFs, about one target and its counterparties.

Target: Halcyon Robotics, Inc., a Delaware corporation (warehouse mobile robots, Pittsburgh).
Run: `python -m bench.data_room.generate OUT_DIR`. Deterministic: same bytes every run.

Deliberate traps (each has gold questions in gold.jsonl, field "trap"):
- role_similarity: the press release quotes "Alan Brooks, Founder." with no company named;
  the industry report names Peter Lindqvist, founder of another company (Halcyon Robotic
  Systems Ltd.) and Samuel Price, founder of Velocity Pick Systems, Inc.
- similar_name: Halcyon Robotic Systems Ltd. (England and Wales, Manchester; stated to be
  unaffiliated) next to the target Halcyon Robotics, Inc. and its real subsidiary
  Halcyon Robotics GmbH.
- role_not_held: Daniel Reyes is CFO but not a founder; Maria Okafor is CEO and founder;
  Tomas Lindgren is CTO and founder but not CEO.
- other_parties_agreement: 18_MSA_Northgate_Ridgeway.pdf is an MSA between two
  counterparties (Northgate Logistics, Inc. and Ridgeway Freight Systems, LLC), not the target.
- conflicting_facts: the cap table gives Maria Okafor 40.0%, the 2023 board minutes say
  approximately 38%; the certificate of incorporation was filed March 14, 2017 while note 1 of
  the financial statements says March 16, 2017.
- near_copy: 10_Mutual_NDA_Halcyon_Brightline_reexport.pdf re-exports document 09 with trivial
  changes (a footer and a corrected typo): one independence group.
- superseded_term: Amendment No. 1 raises the Northgate MSA liability cap from $2,000,000 to
  $5,000,000 (Section 9.2 deleted and replaced); Amendment No. 2 extends the renewal term to two
  years; the Amended and Restated Manufacturing Agreement (21) replaces the Manufacturing Agreement (20) in its
  entirety (cap $1,000,000 -> $3,000,000, Ohio law -> Michigan law). The documents state each
  supersession, so the value in force is expected, with the replaced value as history.
- unexecuted: 22 is a DRAFT of the restated manufacturing agreement with a different cap ($2,500,000)
  and no signature blocks: its terms are never in force.
Layout: running headers and footers, tables (cap table, financials, Exhibit 21), two-column
pages (industry report), landscape slides (management presentation), sections running across
pages, signature blocks, defined terms, and one image-only scanned page (certificate, page 3).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pymupdf

from bench.data_room._layout import (
    LANDSCAPE,
    Block,
    Flow,
    Style,
    finish,
    render_blocks,
    scanned_page,
    stamp_running_text,
    wrap,
)

CO = "Halcyon Robotics, Inc."
CO_UP = "HALCYON ROBOTICS, INC."

# Fixed file name of the scanned page's document and its page number (1-based).
SCANNED_PAGE = ("01_Certificate_of_Incorporation.pdf", 3)


def _general_provisions(n: int, law: str, extra: Sequence[Block] = ()) -> list[Block]:
    """Boilerplate miscellaneous article shared by the agreements (realistic repetition)."""
    return [
        ("h", f"{n}. General Provisions"),
        (
            "p",
            f"{n}.1 Notices. All notices under this Agreement shall be in writing and shall be deemed "
            "given when delivered personally, one (1) business day after deposit with a nationally "
            "recognized overnight courier, or three (3) business days after mailing by certified mail, "
            "return receipt requested, to the address of the receiving party set forth in the preamble "
            "or such other address as a party may designate by notice.",
        ),
        (
            "p",
            f"{n}.2 Governing Law. This Agreement and any dispute arising out of or relating to it shall "
            f"be governed by and construed in accordance with the laws of {law}, without giving effect "
            "to any choice or conflict of law provision or rule that would cause the application of the "
            "laws of any other jurisdiction.",
        ),
        *extra,
        (
            "p",
            f"{n}.{3 + len(extra)} Entire Agreement. This Agreement, together with its exhibits and "
            "schedules, constitutes the entire agreement of the parties with respect to its subject "
            "matter and supersedes all prior and contemporaneous understandings, agreements, "
            "representations and warranties, both written and oral.",
        ),
        (
            "p",
            f"{n}.{4 + len(extra)} Severability. If any term or provision of this Agreement is held "
            "invalid, illegal or unenforceable in any jurisdiction, such invalidity shall not affect any "
            "other term or provision of this Agreement or invalidate such term in any other jurisdiction.",
        ),
        (
            "p",
            f"{n}.{5 + len(extra)} Waiver; Amendment. No waiver by any party of any provision hereof "
            "shall be effective unless explicitly set forth in writing and signed by the party so "
            "waiving. This Agreement may only be amended by an instrument in writing signed by each "
            "party hereto.",
        ),
        (
            "p",
            f"{n}.{6 + len(extra)} Counterparts. This Agreement may be executed in counterparts, each of "
            "which shall be deemed an original, but all of which together shall constitute one and the "
            "same instrument. Signatures delivered by electronic transmission shall be deemed original "
            "signatures for all purposes.",
        ),
    ]


# ---------------------------------------------------------------------------------------------
# 01 Certificate of incorporation (page 3 is a scanned, image-only certification)
# ---------------------------------------------------------------------------------------------
def _certificate(doc: pymupdf.Document) -> None:
    style = Style(header="Halcyon Robotics, Inc. - Certificate of Incorporation")
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "CERTIFICATE OF INCORPORATION"),
            ("centerb", "OF"),
            ("centerb", CO_UP),
            ("space", 10),
            (
                "p",
                "The undersigned, for the purpose of forming a corporation under the General Corporation "
                'Law of the State of Delaware (the "DGCL"), does hereby certify as follows:',
            ),
            ("h", "ARTICLE I - NAME"),
            ("p", f'The name of the corporation is {CO} (the "Corporation").'),
            ("h", "ARTICLE II - REGISTERED OFFICE AND AGENT"),
            (
                "p",
                "The address of the Corporation's registered office in the State of Delaware is 1000 "
                "North King Street, in the City of Wilmington, County of New Castle, Delaware 19801. The "
                "name of its registered agent at such address is Delmarva Registered Agents, Inc.",
            ),
            ("h", "ARTICLE III - PURPOSE"),
            (
                "p",
                "The purpose of the Corporation is to engage in any lawful act or activity for which "
                "corporations may be organized under the DGCL, including without limitation the design, "
                "manufacture, sale, leasing and servicing of autonomous mobile robots and related "
                "software for warehouse and logistics operations.",
            ),
            ("h", "ARTICLE IV - CAPITAL STOCK"),
            (
                "p",
                "4.1 Authorized Shares. The total number of shares of all classes of stock which the "
                "Corporation shall have authority to issue is Twenty Million (20,000,000) shares of Common "
                'Stock, par value $0.0001 per share (the "Common Stock").',
            ),
            (
                "p",
                "4.2 Voting. Each holder of Common Stock shall be entitled to one (1) vote for each share "
                "of Common Stock held of record by such holder on all matters on which stockholders "
                "generally are entitled to vote.",
            ),
            ("h", "ARTICLE V - BOARD OF DIRECTORS"),
            (
                "p",
                "5.1 The business and affairs of the Corporation shall be managed by or under the "
                "direction of the Board of Directors. The number of directors shall be fixed from time "
                "to time by resolution of the Board of Directors in the manner provided in the Bylaws.",
            ),
            (
                "p",
                "5.2 Elections of directors need not be by written ballot unless the Bylaws of the "
                "Corporation shall so provide. In furtherance and not in limitation of the powers "
                "conferred by statute, the Board of Directors is expressly authorized to adopt, amend or "
                "repeal the Bylaws of the Corporation.",
            ),
            ("h", "ARTICLE VI - LIMITATION OF DIRECTOR LIABILITY"),
            (
                "p",
                "To the fullest extent permitted by the DGCL as it now exists or may hereafter be amended, "
                "a director of the Corporation shall not be personally liable to the Corporation or its "
                "stockholders for monetary damages for breach of fiduciary duty as a director. Any repeal "
                "or modification of this Article VI shall not adversely affect any right or protection of "
                "a director existing at the time of such repeal or modification.",
            ),
            ("h", "ARTICLE VII - INDEMNIFICATION"),
            (
                "p",
                "The Corporation shall indemnify, to the fullest extent permitted by applicable law, any "
                "person who was or is made a party to any action, suit or proceeding by reason of the fact "
                "that he or she is or was a director or officer of the Corporation.",
            ),
            ("h", "ARTICLE VIII - INCORPORATOR"),
            (
                "p",
                "The name and mailing address of the incorporator are: Jonathan Pierce, c/o Whitaker Lane "
                "LLP, 600 Grant Street, Suite 2900, Pittsburgh, Pennsylvania 15219. The powers of the "
                "incorporator shall terminate upon the filing of this Certificate of Incorporation.",
            ),
            (
                "p",
                "IN WITNESS WHEREOF, the undersigned incorporator has executed this Certificate of "
                "Incorporation on March 14, 2017.",
            ),
            ("space", 8),
            ("line", "/s/ Jonathan Pierce"),
            ("line", "Jonathan Pierce, Incorporator"),
        ],
    )
    first = flow.first_page
    scan_style = Style(body_font="cour", bold_font="cobo", size=10.5)
    scanned_page(
        doc,
        [
            ("space", 20),
            ("centerb", "State of Delaware"),
            ("centerb", "Secretary of State"),
            ("centerb", "Division of Corporations"),
            ("space", 20),
            (
                "p",
                "I, the Secretary of State of the State of Delaware, do hereby certify that the attached "
                "is a true and correct copy of the Certificate of Incorporation of HALCYON ROBOTICS, INC., "
                "filed in this office on the fourteenth day of March, A.D. 2017, at 10:42 o'clock a.m.",
            ),
            ("space", 12),
            ("line", "File Number: 6338127"),
            ("line", "Authentication: 20417755"),
            ("space", 360),
            ("center", "Page 3 of 3"),
        ],
        scan_style,
    )
    stamp_running_text(doc, first, style, skip={len(doc) - 1})


# ---------------------------------------------------------------------------------------------
# 02 Bylaws excerpt
# ---------------------------------------------------------------------------------------------
def _bylaws(doc: pymupdf.Document) -> None:
    style = Style(header="Halcyon Robotics, Inc. - Amended and Restated Bylaws (Excerpt)")
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "AMENDED AND RESTATED BYLAWS"),
            ("centerb", f"OF {CO_UP}"),
            ("center", "(a Delaware corporation)"),
            ("center", "As adopted by the Board of Directors on June 15, 2021 - Excerpt"),
            ("space", 8),
            ("h", "ARTICLE I - OFFICES"),
            (
                "p",
                "1.1 Registered Office. The registered office of Halcyon Robotics, Inc. (the "
                '"Corporation") shall be fixed in the Certificate of Incorporation of the Corporation.',
            ),
            (
                "p",
                "1.2 Other Offices. The principal executive office of the Corporation shall be located at "
                "2200 Smallman Street, Pittsburgh, Pennsylvania 15222. The Corporation may also have "
                "offices at such other places, both within and without the State of Delaware, as the Board "
                "of Directors may from time to time determine.",
            ),
            ("h", "ARTICLE II - MEETINGS OF STOCKHOLDERS"),
            (
                "p",
                "2.1 Annual Meeting. An annual meeting of stockholders shall be held for the election of "
                "directors at such date, time and place, if any, as shall be designated from time to time "
                "by the Board of Directors.",
            ),
            (
                "p",
                "2.2 Special Meetings. Special meetings of the stockholders may be called only by the "
                "Chairperson of the Board, the Chief Executive Officer or the Board of Directors acting "
                "pursuant to a resolution adopted by a majority of the Whole Board.",
            ),
            (
                "p",
                "2.3 Quorum. The holders of a majority of the voting power of the capital stock issued and "
                "outstanding and entitled to vote, present in person or represented by proxy, shall "
                "constitute a quorum at all meetings of the stockholders for the transaction of business.",
            ),
            (
                "p",
                "2.4 Action Without Meeting. Any action required or permitted to be taken at any annual or "
                "special meeting of stockholders may be taken without a meeting, without prior notice and "
                "without a vote, if a consent in writing setting forth the action so taken is signed by the "
                "holders of outstanding stock having not less than the minimum number of votes necessary.",
            ),
            ("h", "ARTICLE III - DIRECTORS"),
            (
                "p",
                "3.1 Powers. The business and affairs of the Corporation shall be managed by or under the "
                "direction of the Board of Directors, which may exercise all such powers of the Corporation "
                "and do all such lawful acts and things as are not by statute or by the Certificate of "
                "Incorporation or by these Bylaws required to be exercised or done by the stockholders.",
            ),
            (
                "p",
                "3.2 Number. The Board of Directors shall consist of not fewer than three (3) nor more than "
                "seven (7) members, the exact number of which shall be fixed from time to time by "
                "resolution of the Board of Directors.",
            ),
            (
                "p",
                "3.3 Vacancies. Vacancies and newly created directorships resulting from any increase in the "
                "authorized number of directors may be filled by a majority of the directors then in office, "
                "though less than a quorum, or by a sole remaining director.",
            ),
            (
                "p",
                "3.4 Meetings. Regular meetings of the Board of Directors may be held without notice at such "
                "time and at such place as shall from time to time be determined by the Board. Special "
                "meetings may be called by the Chairperson of the Board or the Chief Executive Officer on "
                "at least twenty-four (24) hours' notice to each director.",
            ),
            (
                "p",
                "3.5 Quorum of Directors. At all meetings of the Board of Directors, a majority of the total "
                "number of directors then in office shall constitute a quorum for the transaction of "
                "business, and the act of a majority of the directors present at any meeting at which there "
                "is a quorum shall be the act of the Board of Directors.",
            ),
            ("h", "ARTICLE IV - OFFICERS"),
            (
                "p",
                "4.1 Officers Designated. The officers of the Corporation shall include a Chief Executive "
                "Officer, a Chief Financial Officer and a Secretary, each of whom shall be elected by the "
                "Board of Directors. The Board may also appoint a Chief Technology Officer, a Treasurer and "
                "one or more Vice Presidents. Any number of offices may be held by the same person.",
            ),
            (
                "p",
                "4.2 Chief Executive Officer. The Chief Executive Officer shall have general supervision, "
                "direction and control of the business and the officers of the Corporation, subject to the "
                "control of the Board of Directors.",
            ),
            (
                "p",
                "4.3 Chief Financial Officer. The Chief Financial Officer shall keep and maintain adequate "
                "and correct books and records of accounts of the properties and business transactions of "
                "the Corporation and shall render to the Chief Executive Officer and the Board of Directors, "
                "whenever they request it, an account of all transactions and of the financial condition of "
                "the Corporation.",
            ),
            (
                "p",
                "4.4 Secretary. The Secretary shall keep, or cause to be kept, a book of minutes of all "
                "meetings of directors and stockholders, shall give notice of all such meetings, and shall "
                "have custody of the corporate seal, if any.",
            ),
            (
                "p",
                "4.5 Removal. Any officer may be removed, either with or without cause, by the affirmative "
                "vote of a majority of the Board of Directors at any regular or special meeting.",
            ),
            ("h", "ARTICLE VIII - FISCAL YEAR"),
            ("p", "8.1 The fiscal year of the Corporation shall end on December 31 of each year."),
            ("space", 6),
            ("centerb", "CERTIFICATE OF SECRETARY"),
            (
                "p",
                "I, Priya Natarajan, hereby certify that I am the duly elected and acting Secretary of "
                "Halcyon Robotics, Inc., a Delaware corporation, and that the foregoing is a true and "
                "correct excerpt of the Amended and Restated Bylaws of the Corporation as adopted by its "
                "Board of Directors on June 15, 2021.",
            ),
            ("space", 6),
            ("line", "/s/ Priya Natarajan"),
            ("line", "Priya Natarajan, Secretary"),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 03 Founders' agreement
# ---------------------------------------------------------------------------------------------
def _founders(doc: pymupdf.Document) -> None:
    style = Style(header="Founders' Agreement - Halcyon Robotics, Inc. - Confidential")
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "FOUNDERS' AGREEMENT"),
            ("space", 6),
            (
                "p",
                'This FOUNDERS\' AGREEMENT (this "Agreement") is entered into as of March 20, 2017 by and '
                'among Halcyon Robotics, Inc., a Delaware corporation (the "Company"), Maria Okafor '
                '("Okafor") and Tomas Lindgren ("Lindgren" and, together with Okafor, the "Founders" '
                'and each a "Founder").',
            ),
            ("centerb", "RECITALS"),
            (
                "p",
                "A. The Founders founded the Company to develop autonomous mobile robots for warehouse "
                "picking and replenishment, and caused the Company to be incorporated in the State of "
                "Delaware.",
            ),
            (
                "p",
                "B. The Founders desire to set forth their agreement regarding the issuance of shares of "
                "Common Stock of the Company to them, the vesting of such shares, the assignment of "
                "intellectual property and certain other matters.",
            ),
            (
                "p",
                "NOW, THEREFORE, in consideration of the mutual covenants set forth herein, the parties "
                "agree as follows:",
            ),
            ("h", "1. Definitions"),
            (
                "p",
                '1.1 "Board" means the Board of Directors of the Company. "Common Stock" means the common '
                'stock, par value $0.0001 per share, of the Company. "Founder Shares" means the shares of '
                "Common Stock issued to a Founder under Section 2.",
            ),
            (
                "p",
                '1.2 "Company Technology" means all inventions, software, designs, know-how and other '
                "intellectual property conceived or developed by either Founder prior to the date hereof "
                "relating to autonomous navigation, fleet orchestration or robotic manipulation.",
            ),
            (
                "p",
                '1.3 "Cause" means (a) a Founder\'s material breach of this Agreement that remains uncured '
                "thirty (30) days after written notice, (b) conviction of a felony, or (c) willful "
                "misconduct that is materially injurious to the Company.",
            ),
            ("h", "2. Issuance of Founder Shares"),
            (
                "p",
                "2.1 Issuance. The Company shall issue 4,000,000 shares of Common Stock to Okafor and "
                "2,200,000 shares of Common Stock to Lindgren at a purchase price of $0.0001 per share, "
                "payable in cash and by the assignment of Company Technology under Section 4.",
            ),
            (
                "p",
                "2.2 Vesting. The Founder Shares shall vest over four (4) years, with twenty-five percent "
                "(25%) vesting on the first anniversary of the date hereof and the remainder vesting in "
                "thirty-six (36) equal monthly installments thereafter, subject to the Founder's continued "
                "service to the Company.",
            ),
            (
                "p",
                "2.3 Repurchase Option. Upon the termination of a Founder's service for any reason, the "
                "Company shall have the option, exercisable within ninety (90) days, to repurchase any "
                "unvested Founder Shares at the lower of the original purchase price and fair market value.",
            ),
            ("h", "3. Roles and Responsibilities"),
            (
                "p",
                "3.1 Okafor shall serve as Chief Executive Officer of the Company and as Chairperson of the "
                "Board. Lindgren shall serve as Chief Technology Officer of the Company. Each Founder shall "
                "serve as a member of the Board for so long as such Founder holds Founder Shares.",
            ),
            (
                "p",
                "3.2 Each Founder shall devote substantially all of his or her business time and attention "
                "to the business of the Company and shall not engage in any business that competes with "
                "the Company.",
            ),
            ("h", "4. Intellectual Property"),
            (
                "p",
                "4.1 Assignment. Each Founder hereby assigns to the Company all right, title and interest "
                "in and to the Company Technology, and agrees to execute such further instruments as the "
                "Company may reasonably request to perfect such assignment.",
            ),
            (
                "p",
                "4.2 Moral Rights. To the extent permitted by law, each Founder waives all moral rights in "
                "the Company Technology and consents to the Company's modification of it.",
            ),
            ("h", "5. Transfer Restrictions"),
            (
                "p",
                "5.1 No Founder shall sell, assign, pledge or otherwise transfer any Founder Shares without "
                "first offering such shares to the Company and then to the other Founder on the same terms, "
                "each of whom shall have thirty (30) days to accept such offer.",
            ),
            (
                "p",
                "5.2 Any purported transfer in violation of this Section 5 shall be null and void, and the "
                "Company shall not register any such transfer on its books.",
            ),
            ("h", "6. Confidentiality"),
            (
                "p",
                "Each Founder shall hold in strict confidence all confidential information of the Company "
                "and shall not use or disclose any such information except in the performance of his or "
                "her duties to the Company.",
            ),
            *_general_provisions(7, "the State of Delaware"),
            ("space", 6),
            (
                "p",
                "IN WITNESS WHEREOF, the parties have executed this Founders' Agreement as of the date "
                "first written above.",
            ),
            (
                "sig",
                [
                    (CO_UP, "Maria Okafor", "Chief Executive Officer"),
                    ("FOUNDER", "Maria Okafor", ""),
                    ("FOUNDER", "Tomas Lindgren", ""),
                ],
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 04 Capitalization table
# ---------------------------------------------------------------------------------------------
def _cap_table(doc: pymupdf.Document) -> None:
    style = Style(
        body_font="helv",
        bold_font="hebo",
        italic_font="heit",
        size=10,
        header="Halcyon Robotics, Inc. - Capitalization Table - Privileged & Confidential",
    )
    flow = Flow(doc, style)
    cols = [
        ("Holder", 200, "left"),
        ("Class", 120, "left"),
        ("Shares", 80, "right"),
        ("% FD", 60, "right"),
    ]
    rows = [
        ["Maria Okafor", "Common", "4,000,000", "40.0%"],
        ["Tomas Lindgren", "Common", "2,200,000", "22.0%"],
        ["Lumen Ventures Fund II, L.P.", "Series A Preferred", "1,850,000", "18.5%"],
        ["Keel Street Capital LLC", "Series Seed Preferred", "950,000", "9.5%"],
        ["2018 Equity Incentive Plan", "Options/reserved", "1,000,000", "10.0%"],
        ["Total", "", "10,000,000", "100.0%"],
    ]
    render_blocks(
        flow,
        [
            ("title", "Halcyon Robotics, Inc."),
            ("centerb", "Capitalization Table (Fully Diluted)"),
            ("center", "As of December 31, 2023"),
            ("space", 10),
            ("table", cols, rows, True),
            (
                "it",
                "FD = fully diluted, assuming exercise of all options and conversion of all preferred stock.",
            ),
            ("h", "Series detail"),
            (
                "table",
                [
                    ("Series", 150, "left"),
                    ("Issue date", 100, "left"),
                    ("Price/share", 90, "right"),
                    ("Raised", 100, "right"),
                ],
                [
                    ["Series Seed Preferred", "2018-05-02", "$1.0526", "$1,000,000"],
                    ["Series A Preferred", "2020-09-18", "$6.4865", "$12,000,000"],
                ],
            ),
            ("break",),
            ("h", "Notes to the capitalization table"),
            (
                "p",
                "1. Shareholders. The holders of record of the capital stock of Halcyon Robotics, Inc. (the "
                '"Company") are Maria Okafor, Tomas Lindgren, Lumen Ventures Fund II, L.P. and Keel Street '
                "Capital LLC. No other person holds issued shares of the Company.",
            ),
            (
                "p",
                "2. Founder shares. The shares held by Maria Okafor and Tomas Lindgren were issued under the "
                "Founders' Agreement dated March 20, 2017 and are fully vested as of the date of this table.",
            ),
            (
                "p",
                "3. Option pool. The 2018 Equity Incentive Plan reserves 1,000,000 shares of Common Stock, "
                "of which 640,000 are subject to outstanding options and 360,000 remain available for "
                "future grant.",
            ),
            (
                "p",
                "4. Preferred stock. Each share of preferred stock converts into one share of Common Stock "
                "at the option of the holder and automatically upon a qualified initial public offering.",
            ),
            (
                "p",
                "5. Prepared by the Company's finance team from the stock ledger maintained by the "
                "Secretary. This table has not been audited.",
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 05 / 06 Board minutes
# ---------------------------------------------------------------------------------------------
def _minutes_2021(doc: pymupdf.Document) -> None:
    style = Style(
        header="Halcyon Robotics, Inc. - Minutes of the Board of Directors - June 15, 2021"
    )
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", CO_UP),
            ("centerb", "MINUTES OF A REGULAR MEETING OF THE BOARD OF DIRECTORS"),
            ("center", "June 15, 2021 - 2200 Smallman Street, Pittsburgh, Pennsylvania"),
            ("space", 8),
            (
                "p",
                'A regular meeting of the Board of Directors (the "Board") of Halcyon Robotics, Inc., a '
                'Delaware corporation (the "Company"), was held on June 15, 2021 at 9:00 a.m. Eastern '
                "Time at the Company's offices and by video conference.",
            ),
            ("pb", "Directors present:"),
            ("pi", "Maria Okafor (Chairperson of the Board)"),
            ("pi", "Tomas Lindgren"),
            ("pi", "Gregory Albright"),
            ("pb", "Also present:"),
            ("pi", "Priya Natarajan, Secretary of the Company"),
            ("pi", "Jonathan Pierce, Whitaker Lane LLP, counsel to the Company"),
            (
                "p",
                "Ms. Okafor, the Chairperson of the Board, called the meeting to order and Ms. Natarajan, "
                "the Secretary of the Company, recorded the minutes. The Chairperson noted that all of the "
                "directors were present and that a quorum was present for the transaction of business.",
            ),
            ("h", "1. Approval of Prior Minutes"),
            (
                "p",
                "Upon motion duly made and seconded, the minutes of the meeting of the Board held on March "
                "11, 2021 were approved as presented.",
            ),
            ("h", "2. Chief Executive Officer's Report"),
            (
                "p",
                "Ms. Okafor, Chief Executive Officer of the Company, reviewed the Company's performance for "
                "the first five months of 2021, including deployments of the Tern 2 robot at four customer "
                "sites, a sales pipeline of approximately $31 million and a backlog of 212 robots. She "
                "reported that the Company expected to close a master services agreement with Northgate "
                "Logistics, Inc. in the third quarter.",
            ),
            (
                "p",
                "Mr. Lindgren, Chief Technology Officer, reported on the fleet orchestration release and "
                "on the hiring of fourteen engineers since the last meeting. Discussion followed regarding "
                "supply constraints for lidar sensors and the qualification of a second supplier.",
            ),
            ("h", "3. Master Services Agreement with Northgate Logistics, Inc."),
            (
                "p",
                "Mr. Pierce summarized the principal terms of the proposed Master Services Agreement between "
                "the Company and Northgate Logistics, Inc., an Ohio corporation, including an initial term "
                "of three years, a limitation of liability of $2,000,000 and New York governing law. After "
                "discussion, upon motion duly made and seconded, the Board unanimously adopted the following "
                "resolution:",
            ),
            (
                "pi",
                "RESOLVED, that the Master Services Agreement with Northgate Logistics, Inc., substantially "
                "in the form presented to the Board, be, and it hereby is, approved, and that the Chief "
                "Executive Officer be, and she hereby is, authorized to execute it on behalf of the Company.",
            ),
            ("h", "4. Formation of German Subsidiary"),
            (
                "p",
                "The Board discussed the establishment of a European service organization. Upon motion duly "
                "made and seconded, the Board unanimously adopted the following resolution:",
            ),
            (
                "pi",
                "RESOLVED, that the Company form Halcyon Robotics GmbH, a limited liability company under "
                "the laws of Germany with its seat in Munich, as a wholly owned subsidiary of the Company, "
                "with a share capital of EUR 25,000 to be contributed by the Company.",
            ),
            ("h", "5. Amended and Restated Bylaws"),
            (
                "p",
                "Upon motion duly made and seconded, the Board unanimously approved the Amended and "
                "Restated Bylaws in the form presented, effective immediately.",
            ),
            ("h", "6. Equity Grants"),
            (
                "p",
                "Upon motion duly made and seconded, the Board approved the grant of options to purchase an "
                "aggregate of 85,000 shares of Common Stock under the 2018 Equity Incentive Plan to the "
                "employees listed on Exhibit A, at an exercise price of $2.10 per share, being the fair "
                "market value determined by the Board's most recent independent valuation.",
            ),
            ("h", "7. Adjournment"),
            (
                "p",
                "There being no further business, the meeting was adjourned at 11:20 a.m. Eastern Time.",
            ),
            ("space", 8),
            ("line", "Respectfully submitted,"),
            ("line", "/s/ Priya Natarajan"),
            ("line", "Priya Natarajan, Secretary"),
            ("space", 6),
            ("line", "Approved: /s/ Maria Okafor, Chairperson of the Board"),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


def _minutes_2023(doc: pymupdf.Document) -> None:
    style = Style(
        header="Halcyon Robotics, Inc. - Minutes of the Board of Directors - February 9, 2023"
    )
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", CO_UP),
            ("centerb", "MINUTES OF A MEETING OF THE BOARD OF DIRECTORS"),
            ("center", "February 9, 2023 - held by video conference"),
            ("space", 8),
            (
                "p",
                'A meeting of the Board of Directors (the "Board") of Halcyon Robotics, Inc., a Delaware '
                'corporation (the "Company"), was held by video conference on February 9, 2023 at 2:00 '
                "p.m. Eastern Time, notice having been duly given to each director.",
            ),
            ("pb", "Directors present:"),
            ("pi", "Maria Okafor (Chairperson)"),
            ("pi", "Tomas Lindgren"),
            ("pi", "Gregory Albright"),
            ("pb", "Also present:"),
            ("pi", "Daniel Reyes, Chief Financial Officer"),
            ("pi", "Priya Natarajan, Secretary"),
            (
                "p",
                "Ms. Okafor chaired the meeting and Ms. Natarajan acted as secretary of the meeting. A "
                "quorum being present, the meeting was called to order.",
            ),
            ("h", "1. Election of Director"),
            (
                "p",
                "The Chairperson noted that the Board had previously fixed the number of directors at four "
                "and that one seat was vacant. Upon motion duly made and seconded, the Board unanimously "
                "adopted the following resolution:",
            ),
            (
                "pi",
                "RESOLVED, that Sarah Whitfield be, and she hereby is, elected as a director of the Company "
                "to fill the vacancy on the Board, to serve until her successor is duly elected and "
                "qualified. Ms. Whitfield will serve as an independent director and as chair of the audit "
                "committee of the Board.",
            ),
            ("h", "2. Financial Report"),
            (
                "p",
                "Mr. Reyes, the Chief Financial Officer of the Company, presented the unaudited results for "
                "fiscal year 2022, including revenue of $33.7 million, gross margin of 41% and cash of "
                "$21.4 million at year end, and reviewed the Company's compliance with the financial "
                "covenants of the Loan and Security Agreement with Keystone Commerce Bank, N.A.",
            ),
            (
                "p",
                "Mr. Reyes reported that Baird & Whitcomb LLP had been engaged as the Company's independent "
                "auditors for the fiscal year ending December 31, 2022, and that fieldwork would begin in "
                "March.",
            ),
            ("h", "3. Amendment No. 1 to the Northgate Master Services Agreement"),
            (
                "p",
                "Ms. Okafor reported that Northgate Logistics, Inc. had requested, in connection with the "
                "expansion of the deployment to its Columbus and Indianapolis facilities, an increase of "
                "the limitation of liability in Section 9.2 of the Master Services Agreement dated "
                "September 1, 2021 from $2,000,000 to $5,000,000. After discussion of the Company's "
                "insurance coverage, upon motion duly made and seconded, the Board adopted the following "
                "resolution:",
            ),
            (
                "pi",
                "RESOLVED, that Amendment No. 1 to the Master Services Agreement with Northgate Logistics, "
                "Inc., increasing the limitation of liability to $5,000,000, be, and it hereby is, approved.",
            ),
            ("h", "4. Proposed Secondary Sale"),
            (
                "p",
                "The Board discussed a proposal by Lumen Ventures Fund II, L.P. to purchase shares of "
                "Common Stock from certain existing holders. Dr. Okafor, who holds approximately 38% of the "
                "outstanding capital stock of the Company, disclosed her interest in the proposed "
                "transaction and recused herself from the discussion. The remaining directors resolved to "
                "defer the matter to a future meeting pending review of the Company's right of first "
                "refusal under the Founders' Agreement.",
            ),
            ("h", "5. Adjournment"),
            (
                "p",
                "There being no further business to come before the Board, the meeting was adjourned at "
                "3:45 p.m. Eastern Time.",
            ),
            ("space", 8),
            ("line", "/s/ Priya Natarajan"),
            ("line", "Priya Natarajan, Secretary of the Meeting"),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


def _minutes_2024(doc: pymupdf.Document) -> None:
    """A resignation and an appointment, each with its effective date (issue 16): who holds
    the office now, and who held it before, are both stated by the documents."""
    style = Style(
        header="Halcyon Robotics, Inc. - Minutes of the Board of Directors - June 20, 2024"
    )
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", CO_UP),
            ("centerb", "MINUTES OF A MEETING OF THE BOARD OF DIRECTORS"),
            ("center", "June 20, 2024 - held at the offices of the Company"),
            ("space", 8),
            (
                "p",
                'A meeting of the Board of Directors (the "Board") of Halcyon Robotics, Inc., a Delaware '
                'corporation (the "Company"), was held on June 20, 2024 at 10:00 a.m. Eastern Time at '
                "the offices of the Company, notice having been duly given to each director.",
            ),
            ("pb", "Directors present:"),
            ("pi", "Maria Okafor (Chairperson)"),
            ("pi", "Tomas Lindgren"),
            ("pi", "Gregory Albright"),
            ("pi", "Sarah Whitfield"),
            ("pb", "Also present:"),
            ("pi", "Daniel Reyes, Chief Financial Officer"),
            ("pi", "Lena Hartmann"),
            (
                "p",
                "Ms. Okafor chaired the meeting and Ms. Hartmann acted as secretary of the meeting. A "
                "quorum being present, the meeting was called to order.",
            ),
            ("h", "1. Resignation of the Secretary"),
            (
                "p",
                "The Chairperson reported that Priya Natarajan had resigned as Secretary of the Company "
                "effective June 14, 2024, having accepted a position with another company. The Board "
                "thanked Ms. Natarajan for her service since the Company's formation. Upon motion duly "
                "made and seconded, the Board unanimously adopted the following resolution:",
            ),
            (
                "pi",
                "RESOLVED, that the resignation of Priya Natarajan as Secretary of the Company, effective "
                "June 14, 2024, be, and it hereby is, accepted.",
            ),
            ("h", "2. Appointment of the Secretary"),
            (
                "pi",
                "RESOLVED, that Lena Hartmann be, and she hereby is, appointed as Secretary of the Company, "
                "effective June 20, 2024, to serve until her successor is duly appointed and qualified.",
            ),
            ("h", "3. Adjournment"),
            (
                "p",
                "There being no further business to come before the Board, the meeting was adjourned at "
                "11:10 a.m. Eastern Time.",
            ),
            ("space", 8),
            ("line", "/s/ Lena Hartmann"),
            ("line", "Lena Hartmann, Secretary of the Meeting"),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 07 MSA Halcyon / Northgate, 08 Amendment No. 1
# ---------------------------------------------------------------------------------------------
def _msa(doc: pymupdf.Document) -> None:
    style = Style(
        header="Master Services Agreement - Halcyon Robotics, Inc. / Northgate Logistics, Inc."
    )
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "MASTER SERVICES AGREEMENT"),
            ("space", 6),
            (
                "p",
                'This MASTER SERVICES AGREEMENT (this "Agreement") is entered into as of September 1, 2021 '
                '(the "Effective Date") by and between Halcyon Robotics, Inc., a Delaware corporation with '
                "its principal office at 2200 Smallman Street, Pittsburgh, Pennsylvania 15222 "
                '("Provider"), and Northgate Logistics, Inc., an Ohio corporation with its principal '
                'office at 4100 Easton Way, Columbus, Ohio 43219 ("Customer"). Provider and Customer are '
                'each referred to herein as a "Party" and together as the "Parties".',
            ),
            ("h", "1. Definitions"),
            (
                "p",
                '1.1 "Robots" means the autonomous mobile robots supplied by Provider under a Statement of '
                "Work, including their firmware and onboard software.",
            ),
            (
                "p",
                '1.2 "Platform" means Provider\'s hosted fleet orchestration software, including all '
                "updates, upgrades and documentation made generally available by Provider.",
            ),
            (
                "p",
                '1.3 "Services" means the deployment, integration, monitoring, maintenance and support '
                "services described in this Agreement and in each Statement of Work.",
            ),
            (
                "p",
                '1.4 "Statement of Work" or "SOW" means a statement of work executed by both Parties that '
                "references this Agreement and describes the Sites, Robots, Services and Fees.",
            ),
            (
                "p",
                '1.5 "Sites" means the warehouse and distribution facilities of Customer identified in a '
                "Statement of Work.",
            ),
            (
                "p",
                '1.6 "Confidential Information" means all non-public information disclosed by a Party '
                "that is marked or identified as confidential or that a reasonable person would understand "
                "to be confidential.",
            ),
            ("h", "2. Services"),
            (
                "p",
                "2.1 Provision of Services. Provider shall provide the Robots, the Platform and the Services "
                "to Customer at the Sites in accordance with this Agreement and each applicable SOW.",
            ),
            (
                "p",
                "2.2 Service Levels. Provider shall make the Platform available at least 99.5% of each "
                "calendar month, excluding scheduled maintenance, and shall respond to Severity 1 incidents "
                "within one (1) hour.",
            ),
            (
                "p",
                "2.3 Personnel. Provider shall assign qualified personnel to perform the Services and shall "
                "ensure that its personnel comply with Customer's site safety rules while at the Sites.",
            ),
            (
                "p",
                "2.4 Customer Responsibilities. Customer shall provide Provider with safe and timely access "
                "to the Sites, shall maintain the wireless network coverage specified in the applicable SOW, "
                "and shall designate a site coordinator with authority to make decisions regarding the "
                "Services.",
            ),
            ("h", "3. Fees and Payment"),
            (
                "p",
                "3.1 Fees. Customer shall pay Provider the subscription fees, deployment fees and other "
                'fees set forth in each SOW (the "Fees").',
            ),
            (
                "p",
                "3.2 Payment Terms. Provider shall invoice Customer monthly in advance. Customer shall pay "
                "each undisputed invoice within forty-five (45) days after the date of invoice.",
            ),
            (
                "p",
                "3.3 Late Payments. Undisputed amounts not paid when due shall bear interest at the lesser "
                "of one percent (1%) per month and the maximum rate permitted by law.",
            ),
            (
                "p",
                "3.4 Taxes. Fees are exclusive of all sales, use and similar taxes, which shall be paid by "
                "Customer, other than taxes based on Provider's net income.",
            ),
            ("h", "4. Term and Termination"),
            (
                "p",
                "4.1 Term. This Agreement shall commence on the Effective Date and continue for an initial "
                'term of three (3) years (the "Initial Term"). Thereafter this Agreement shall renew '
                "automatically for successive renewal terms of one (1) year each, unless either Party "
                "gives notice of non-renewal at least ninety (90) days before the end of the then-current "
                "term.",
            ),
            (
                "p",
                "4.2 Termination for Cause. Either Party may terminate this Agreement upon written notice if "
                "the other Party materially breaches this Agreement and fails to cure such breach within "
                "thirty (30) days after receipt of written notice describing the breach.",
            ),
            (
                "p",
                "4.3 Effect of Termination. Upon termination, Customer shall pay all Fees accrued through "
                "the effective date of termination and Provider shall remove the Robots from the Sites "
                "within sixty (60) days.",
            ),
            ("h", "5. Confidentiality"),
            (
                "p",
                "5.1 Each Party shall protect the Confidential Information of the other Party using the same "
                "degree of care it uses to protect its own confidential information, and in no event less "
                "than reasonable care, and shall use such Confidential Information only to perform its "
                "obligations or exercise its rights under this Agreement.",
            ),
            (
                "p",
                "5.2 The obligations in this Section 5 shall survive for three (3) years after the "
                "termination or expiration of this Agreement.",
            ),
            ("h", "6. Intellectual Property"),
            (
                "p",
                "6.1 Provider retains all right, title and interest in and to the Robots' software, the "
                "Platform and all improvements thereto. Customer retains all right, title and interest in "
                'and to the operational data generated at the Sites ("Customer Data").',
            ),
            (
                "p",
                "6.2 Customer grants Provider a non-exclusive license to use Customer Data in aggregated and "
                "de-identified form to improve the Platform.",
            ),
            ("h", "7. Warranties"),
            (
                "p",
                "7.1 Provider warrants that the Services will be performed in a professional and workmanlike "
                "manner and that the Robots will perform materially in accordance with their documentation "
                "for twelve (12) months after deployment.",
            ),
            (
                "p",
                "7.2 EXCEPT AS EXPRESSLY SET FORTH IN THIS AGREEMENT, NEITHER PARTY MAKES ANY WARRANTY, "
                "EXPRESS OR IMPLIED, INCLUDING ANY WARRANTY OF MERCHANTABILITY OR FITNESS FOR A PARTICULAR "
                "PURPOSE.",
            ),
            ("h", "8. Indemnification"),
            (
                "p",
                "8.1 Provider shall defend, indemnify and hold harmless Customer from and against any "
                "third-party claim alleging that the Robots or the Platform infringe any United States "
                "patent, copyright or trademark, and any claim for bodily injury or property damage caused "
                "by the Robots.",
            ),
            (
                "p",
                "8.2 Customer shall defend, indemnify and hold harmless Provider from and against any "
                "third-party claim arising from Customer's breach of Section 2.4 or its violation of "
                "applicable law.",
            ),
            ("h", "9. Limitation of Liability"),
            (
                "p",
                "9.1 Exclusion of Damages. IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, "
                "INCIDENTAL, SPECIAL, CONSEQUENTIAL OR PUNITIVE DAMAGES, OR FOR LOST PROFITS, ARISING OUT OF "
                "THIS AGREEMENT.",
            ),
            (
                "p",
                "9.2 Cap on Liability. EXCEPT FOR A PARTY'S INDEMNIFICATION OBLIGATIONS, EACH PARTY'S "
                "AGGREGATE LIABILITY ARISING OUT OF OR RELATING TO THIS AGREEMENT SHALL NOT EXCEED TWO "
                "MILLION DOLLARS ($2,000,000).",
            ),
            ("h", "10. Insurance"),
            (
                "p",
                "Provider shall maintain commercial general liability insurance with limits of not less "
                "than $5,000,000 per occurrence and products liability coverage for the Robots during the "
                "term of this Agreement.",
            ),
            *_general_provisions(
                11,
                "the State of New York",
                [
                    (
                        "p",
                        "11.3 Assignment. Neither Party may assign this Agreement without the prior "
                        "written consent of the other Party, except to a successor in connection with a "
                        "merger, acquisition or sale of all or substantially all of its assets.",
                    )
                ],
            ),
            ("space", 6),
            (
                "p",
                "IN WITNESS WHEREOF, the Parties have executed this Agreement as of the Effective Date.",
            ),
            (
                "sig",
                [
                    (CO_UP, "Maria Okafor", "Chief Executive Officer"),
                    ("NORTHGATE LOGISTICS, INC.", "Karen Whitlock", "Chief Operating Officer"),
                ],
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


def _amendment(doc: pymupdf.Document) -> None:
    style = Style(header="Amendment No. 1 to Master Services Agreement - Halcyon / Northgate")
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "AMENDMENT NO. 1 TO MASTER SERVICES AGREEMENT"),
            ("space", 6),
            (
                "p",
                'This AMENDMENT NO. 1 (this "Amendment") is made and entered into as of March 1, 2023 (the '
                '"Amendment Effective Date") by and between Halcyon Robotics, Inc., a Delaware corporation '
                '("Provider"), and Northgate Logistics, Inc., an Ohio corporation ("Customer").',
            ),
            ("centerb", "RECITALS"),
            (
                "p",
                "A. Provider and Customer are parties to that certain Master Services Agreement dated as of "
                'September 1, 2021 (the "Agreement").',
            ),
            (
                "p",
                "B. In connection with the expansion of the Services to Customer's Columbus, Ohio and "
                "Indianapolis, Indiana facilities, the parties wish to amend the Agreement as set forth "
                "below.",
            ),
            ("h", "1. Amendment of Section 9.2"),
            (
                "p",
                "Section 9.2 of the Agreement is hereby deleted in its entirety and replaced with the "
                "following:",
            ),
            (
                "pi",
                "\"9.2 Cap on Liability. EXCEPT FOR A PARTY'S INDEMNIFICATION OBLIGATIONS, EACH PARTY'S "
                "AGGREGATE LIABILITY ARISING OUT OF OR RELATING TO THIS AGREEMENT SHALL NOT EXCEED FIVE "
                'MILLION DOLLARS ($5,000,000)."',
            ),
            ("h", "2. Additional Sites"),
            (
                "p",
                "Exhibit B (Sites) of the Agreement is hereby amended to add Customer's facilities located "
                "at 2750 Creekside Parkway, Columbus, Ohio and 5100 Decatur Boulevard, Indianapolis, "
                "Indiana.",
            ),
            ("h", "3. Effect of Amendment"),
            (
                "p",
                "Except as expressly amended by this Amendment, the Agreement remains in full force and "
                "effect in accordance with its terms. Capitalized terms used but not defined in this "
                "Amendment have the meanings given to them in the Agreement. In the event of any conflict "
                "between this Amendment and the Agreement, this Amendment shall control.",
            ),
            ("h", "4. Miscellaneous"),
            (
                "p",
                "This Amendment shall be governed by the laws of the State of New York. This Amendment may "
                "be executed in counterparts, each of which shall be deemed an original.",
            ),
            ("space", 6),
            (
                "p",
                "IN WITNESS WHEREOF, the parties have executed this Amendment as of the Amendment Effective "
                "Date.",
            ),
            (
                "sig",
                [
                    (CO_UP, "Maria Okafor", "Chief Executive Officer"),
                    ("NORTHGATE LOGISTICS, INC.", "Karen Whitlock", "Chief Operating Officer"),
                ],
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 09 / 10 NDA and its near-copy
# ---------------------------------------------------------------------------------------------
def _nda(doc: pymupdf.Document, *, reexport: bool) -> None:
    footer = "Re-exported from ContractVault 2024-01-08 - copy" if reexport else None
    style = Style(
        header="Mutual Nondisclosure Agreement - Halcyon Robotics, Inc. / Brightline Components, Inc.",
        footer_left=footer,
    )
    # The executed original carries a typo ("recieving") that the re-exported copy corrects.
    receiving = "receiving" if reexport else "recieving"
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "MUTUAL NONDISCLOSURE AGREEMENT"),
            ("space", 6),
            (
                "p",
                'This MUTUAL NONDISCLOSURE AGREEMENT (this "Agreement") is made effective as of January '
                '10, 2022 (the "Effective Date") between Halcyon Robotics, Inc., a Delaware corporation '
                '("Halcyon"), and Brightline Components, Inc., a Michigan corporation with offices at 88 '
                'Monroe Avenue NW, Grand Rapids, Michigan 49503 ("Brightline"). Each of Halcyon and '
                "Brightline may disclose or receive Confidential Information and is referred to as a "
                '"Disclosing Party" or "Receiving Party" as the context requires.',
            ),
            ("h", "1. Purpose"),
            (
                "p",
                "The parties wish to evaluate a potential business relationship concerning the supply of "
                "drive-train assemblies and battery modules for Halcyon's autonomous mobile robots (the "
                '"Purpose").',
            ),
            ("h", "2. Definition of Confidential Information"),
            (
                "p",
                '"Confidential Information" means any information disclosed by the Disclosing Party to the '
                "Receiving Party, whether orally, visually or in writing, that is designated as "
                "confidential or that reasonably should be understood to be confidential given the nature "
                "of the information and the circumstances of disclosure, including designs, drawings, "
                "specifications, pricing, product plans and customer information.",
            ),
            ("h", "3. Exclusions"),
            (
                "p",
                f"Confidential Information does not include information that (a) is or becomes generally "
                f"available to the public through no fault of the {receiving} party; (b) was known to the "
                f"Receiving Party prior to disclosure without restriction; (c) is independently developed "
                f"by the Receiving Party without use of the Confidential Information; or (d) is rightfully "
                f"received from a third party without a duty of confidentiality.",
            ),
            ("h", "4. Obligations of the Receiving Party"),
            (
                "p",
                "4.1 The Receiving Party shall hold the Disclosing Party's Confidential Information in "
                "strict confidence, shall not disclose it to any third party, and shall use it solely for "
                "the Purpose.",
            ),
            (
                "p",
                "4.2 The Receiving Party may disclose Confidential Information only to its employees, "
                "officers and advisors who have a need to know it for the Purpose and who are bound by "
                "written obligations of confidentiality no less protective than this Agreement.",
            ),
            (
                "p",
                "4.3 If the Receiving Party is required by law or court order to disclose Confidential "
                "Information, it shall give the Disclosing Party prompt written notice so that the "
                "Disclosing Party may seek a protective order.",
            ),
            ("h", "5. Term"),
            (
                "p",
                "5.1 This Agreement shall remain in effect for a period of two (2) years from the Effective "
                "Date, unless terminated earlier by either party upon thirty (30) days' written notice.",
            ),
            (
                "p",
                "5.2 The obligations of confidentiality under this Agreement shall survive for three (3) "
                "years after the expiration or termination of this Agreement.",
            ),
            ("h", "6. Return of Materials"),
            (
                "p",
                "Upon the Disclosing Party's written request, the Receiving Party shall promptly return or "
                "destroy all Confidential Information of the Disclosing Party and certify such destruction "
                "in writing.",
            ),
            ("h", "7. No License; No Warranty"),
            (
                "p",
                "Nothing in this Agreement grants the Receiving Party any license under any patent, "
                "copyright or other intellectual property right of the Disclosing Party. ALL CONFIDENTIAL "
                'INFORMATION IS PROVIDED "AS IS".',
            ),
            *_general_provisions(8, "the State of Michigan"),
            ("space", 6),
            (
                "sig",
                [
                    (CO_UP, "Tomas Lindgren", "Chief Technology Officer"),
                    ("BRIGHTLINE COMPONENTS, INC.", "Henry Adeyemi", "President"),
                ],
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 11 Loan and security agreement (with guarantor)
# ---------------------------------------------------------------------------------------------
def _loan(doc: pymupdf.Document) -> None:
    style = Style(
        header="Loan and Security Agreement - Keystone Commerce Bank, N.A. - Execution Version"
    )
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "LOAN AND SECURITY AGREEMENT"),
            ("space", 6),
            (
                "p",
                'This LOAN AND SECURITY AGREEMENT (this "Agreement") is dated as of July 20, 2022 (the '
                '"Closing Date") and is entered into among Keystone Commerce Bank, N.A., a national '
                'banking association ("Lender"), Halcyon Robotics, Inc., a Delaware corporation '
                '("Borrower"), and Halcyon Field Services LLC, a Delaware limited liability company '
                '("Guarantor" and, together with Borrower, the "Loan Parties").',
            ),
            ("h", "1. Definitions and Construction"),
            (
                "p",
                '1.1 "Obligations" means all loans, advances, debts, principal, interest, fees, expenses '
                "and other amounts owed by Borrower to Lender under this Agreement and the other Loan "
                "Documents, whether now existing or hereafter arising.",
            ),
            (
                "p",
                '1.2 "Collateral" means all of Borrower\'s personal property, including accounts, '
                "inventory, equipment, general intangibles, deposit accounts and the proceeds thereof, "
                "but excluding Borrower's intellectual property.",
            ),
            (
                "p",
                '1.3 "Loan Documents" means this Agreement, the Term Note, the Guaranty set forth in '
                "Section 7 and each other document executed in connection herewith.",
            ),
            (
                "p",
                '1.4 "Maturity Date" means July 20, 2026.',
            ),
            ("h", "2. Loans and Terms of Payment"),
            (
                "p",
                "2.1 Term Loan. Subject to the terms of this Agreement, Lender agrees to make a term loan to "
                "Borrower on the Closing Date in an original principal amount of Fifteen Million Dollars "
                '($15,000,000) (the "Term Loan").',
            ),
            (
                "p",
                "2.2 Repayment. Borrower shall pay interest only on the Term Loan for the first twelve (12) "
                "months after the Closing Date, followed by thirty-six (36) equal monthly installments of "
                "principal plus accrued interest. All outstanding Obligations shall be due and payable on "
                "the Maturity Date.",
            ),
            (
                "p",
                "2.3 Interest Rate. The Term Loan shall bear interest at a floating rate per annum equal to "
                "the Prime Rate plus one and one-quarter percent (1.25%).",
            ),
            (
                "p",
                "2.4 Prepayment. Borrower may prepay the Term Loan in whole or in part upon thirty (30) "
                "days' prior written notice, together with a prepayment fee of one percent (1%) of the "
                "amount prepaid if prepaid during the first year.",
            ),
            ("h", "3. Creation of Security Interest"),
            (
                "p",
                "Borrower hereby grants Lender, to secure the payment and performance in full of all of the "
                "Obligations, a continuing security interest in, and pledges to Lender, the Collateral, "
                "wherever located, whether now owned or hereafter acquired.",
            ),
            ("h", "4. Representations and Warranties"),
            (
                "p",
                "4.1 Due Organization. Borrower is a corporation duly incorporated, validly existing and in "
                "good standing under the laws of the State of Delaware, and Guarantor is a limited "
                "liability company duly organized under the laws of the State of Delaware and a wholly "
                "owned subsidiary of Borrower.",
            ),
            (
                "p",
                "4.2 Authorization. The execution, delivery and performance by each Loan Party of the Loan "
                "Documents have been duly authorized and do not conflict with its organizational documents.",
            ),
            (
                "p",
                "4.3 Litigation. There are no actions or proceedings pending or, to the knowledge of "
                "Borrower, threatened against any Loan Party in which an adverse decision could reasonably "
                "be expected to cause a Material Adverse Change.",
            ),
            ("h", "5. Affirmative Covenants"),
            (
                "p",
                "5.1 Financial Statements. Borrower shall deliver to Lender (a) within thirty (30) days "
                "after the end of each month, monthly unaudited consolidated financial statements, and (b) "
                "within one hundred twenty (120) days after the end of each fiscal year, audited "
                "consolidated financial statements certified by an independent certified public accounting "
                "firm.",
            ),
            (
                "p",
                "5.2 Minimum Liquidity. Borrower shall maintain at all times unrestricted cash at Lender of "
                "not less than Five Million Dollars ($5,000,000).",
            ),
            (
                "p",
                "5.3 Insurance. Borrower shall keep its business and the Collateral insured for risks and "
                "in amounts standard for companies in Borrower's industry and location.",
            ),
            ("h", "6. Negative Covenants"),
            (
                "p",
                "Without Lender's prior written consent, no Loan Party shall (a) incur any Indebtedness "
                "other than Permitted Indebtedness, (b) create any Lien on the Collateral other than "
                "Permitted Liens, (c) merge or consolidate with any other person, or (d) pay any dividend "
                "or make any distribution on its capital stock.",
            ),
            ("h", "7. Guaranty"),
            (
                "p",
                "7.1 Guaranty. Guarantor hereby absolutely, unconditionally and irrevocably guarantees to "
                "Lender the punctual payment and performance when due, whether at stated maturity, by "
                "acceleration or otherwise, of all Obligations of Borrower.",
            ),
            (
                "p",
                "7.2 Nature of Guaranty. The guaranty in this Section 7 is a guaranty of payment and not of "
                "collection. Guarantor waives presentment, demand, protest and notice of any kind, and any "
                "right to require Lender to proceed first against Borrower or any Collateral.",
            ),
            (
                "p",
                "7.3 Subordination. Any indebtedness of Borrower now or hereafter owing to Guarantor is "
                "hereby subordinated to the Obligations.",
            ),
            ("h", "8. Events of Default"),
            (
                "p",
                "Any one of the following constitutes an Event of Default: (a) Borrower fails to pay any "
                "Obligation within five (5) business days after it is due; (b) any Loan Party breaches any "
                "covenant and fails to cure such breach within thirty (30) days; or (c) any Loan Party "
                "becomes subject to an insolvency proceeding.",
            ),
            *_general_provisions(9, "the Commonwealth of Pennsylvania"),
            ("space", 6),
            (
                "sig",
                [
                    ("BORROWER: " + CO_UP, "Daniel Reyes", "Chief Financial Officer"),
                    ("GUARANTOR: HALCYON FIELD SERVICES LLC", "Daniel Reyes", "Manager"),
                    (
                        "LENDER: KEYSTONE COMMERCE BANK, N.A.",
                        "Marcus Bell",
                        "Senior Vice President",
                    ),
                ],
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 12 Subsidiaries (Exhibit 21 style)
# ---------------------------------------------------------------------------------------------
def _subsidiaries(doc: pymupdf.Document) -> None:
    style = Style(body_font="helv", bold_font="hebo", italic_font="heit", size=10)
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("centerb", "Exhibit 21"),
            ("title", "Subsidiaries of Halcyon Robotics, Inc."),
            ("center", "As of December 31, 2023"),
            ("space", 10),
            (
                "table",
                [
                    ("Name of Subsidiary", 230, "left"),
                    ("Jurisdiction of Organization", 170, "left"),
                    ("Ownership", 70, "right"),
                ],
                [
                    ["Halcyon Field Services LLC", "Delaware", "100%"],
                    ["Halcyon Robotics Canada Ltd.", "Ontario", "100%"],
                    ["Halcyon Robotics GmbH", "Germany", "100%"],
                ],
            ),
            (
                "p",
                "Each subsidiary listed above is wholly owned, directly, by Halcyon Robotics, Inc. Halcyon "
                "Robotics Canada Ltd. was incorporated on August 2, 2022 under the Business Corporations "
                "Act (Ontario). Halcyon Robotics GmbH is registered with the commercial register of the "
                "local court of Munich under HRB 268114.",
            ),
        ],
    )


# ---------------------------------------------------------------------------------------------
# 13 Employment agreement (CFO)
# ---------------------------------------------------------------------------------------------
def _employment(doc: pymupdf.Document) -> None:
    style = Style(header="Executive Employment Agreement - Daniel Reyes - Confidential")
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "EXECUTIVE EMPLOYMENT AGREEMENT"),
            ("space", 6),
            (
                "p",
                'This EXECUTIVE EMPLOYMENT AGREEMENT (this "Agreement") is entered into as of April 4, 2022 '
                '(the "Start Date") by and between Halcyon Robotics, Inc., a Delaware corporation (the '
                '"Company"), and Daniel Reyes (the "Executive").',
            ),
            ("h", "1. Position and Duties"),
            (
                "p",
                "1.1 Position. The Company hereby employs the Executive as its Chief Financial Officer, "
                "reporting to the Chief Executive Officer of the Company. The Executive shall have the "
                "duties, authority and responsibilities customarily associated with such position.",
            ),
            (
                "p",
                "1.2 Exclusive Service. The Executive shall devote his full business time, attention and "
                "skill to the business of the Company and shall not serve on the board of directors of any "
                "for-profit company without the prior written consent of the Board.",
            ),
            (
                "p",
                "1.3 Place of Performance. The Executive's principal place of employment shall be the "
                "Company's headquarters at 2200 Smallman Street, Pittsburgh, Pennsylvania.",
            ),
            ("h", "2. Term"),
            (
                "p",
                "2.1 The term of the Executive's employment under this Agreement shall commence on the Start "
                "Date and continue for an initial term of two (2) years, and shall thereafter be extended "
                "automatically for successive one (1) year periods unless either party gives notice of "
                "non-extension at least sixty (60) days before the end of the then-current term.",
            ),
            ("h", "3. Compensation and Benefits"),
            (
                "p",
                "3.1 Base Salary. The Company shall pay the Executive an annual base salary of $325,000, "
                "payable in accordance with the Company's customary payroll practices and subject to annual "
                "review by the Board.",
            ),
            (
                "p",
                "3.2 Annual Bonus. The Executive shall be eligible for an annual performance bonus with a "
                "target of thirty percent (30%) of base salary, based on the achievement of objectives "
                "established by the Board.",
            ),
            (
                "p",
                "3.3 Equity. Subject to approval by the Board, the Executive shall be granted an option to "
                "purchase 150,000 shares of Common Stock under the 2018 Equity Incentive Plan, vesting over "
                "four (4) years.",
            ),
            (
                "p",
                "3.4 Benefits. The Executive shall be eligible to participate in the employee benefit plans "
                "maintained by the Company for its senior executives, and shall be entitled to twenty (20) "
                "days of paid vacation per year.",
            ),
            ("h", "4. Termination"),
            (
                "p",
                "4.1 Termination without Cause. The Company may terminate the Executive's employment "
                "without Cause upon sixty (60) days' written notice, and the Executive may resign upon "
                "sixty (60) days' written notice to the Company.",
            ),
            (
                "p",
                "4.2 Severance. If the Company terminates the Executive's employment without Cause, the "
                "Company shall continue to pay the Executive's base salary for six (6) months following the "
                "termination date, subject to the Executive's execution of a release of claims.",
            ),
            (
                "p",
                "4.3 Termination for Cause. The Company may terminate the Executive's employment for Cause "
                'immediately upon written notice. "Cause" means fraud, embezzlement, conviction of a '
                "felony, or willful failure to perform material duties after written notice.",
            ),
            ("h", "5. Restrictive Covenants"),
            (
                "p",
                "5.1 Confidentiality. The Executive shall not, during or after employment, use or disclose "
                "any confidential information of the Company except as required in the performance of his "
                "duties.",
            ),
            (
                "p",
                "5.2 Non-Competition. During employment and for a period of twelve (12) months thereafter, "
                "the Executive shall not engage in or provide services to any business that designs or "
                "sells autonomous mobile robots for warehouse operations in North America.",
            ),
            (
                "p",
                "5.3 Non-Solicitation. During employment and for twelve (12) months thereafter, the "
                "Executive shall not solicit any employee or customer of the Company.",
            ),
            (
                "p",
                "5.4 Assignment of Inventions. The Executive hereby assigns to the Company all inventions "
                "conceived by the Executive during employment that relate to the business of the Company.",
            ),
            *_general_provisions(6, "the Commonwealth of Pennsylvania"),
            ("space", 6),
            (
                "sig",
                [
                    (CO_UP, "Maria Okafor", "Chief Executive Officer"),
                    ("EXECUTIVE", "Daniel Reyes", ""),
                ],
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 14 Management presentation (landscape slides)
# ---------------------------------------------------------------------------------------------
_SLIDES: list[tuple[str, list[str]]] = [
    (
        "Halcyon Robotics, Inc. - Management Presentation",
        [
            "Autonomous mobile robots for high-throughput warehouses",
            "Prepared for prospective investors - Q1 2024",
            "Strictly confidential - subject to NDA",
        ],
    ),
    (
        "Company overview",
        [
            "Headquarters: 2200 Smallman Street, Pittsburgh, Pennsylvania",
            "Incorporated in Delaware in 2017; 186 employees in the US, Canada and Germany",
            "Products: Tern 3 autonomous mobile robot and Halcyon Fleet orchestration platform",
            "1,140 robots deployed at 37 customer sites as of December 31, 2023",
        ],
    ),
    (
        "Leadership team",
        [
            "Maria Okafor - Co-founder and Chief Executive Officer. Dr. Okafor holds a B.S. in "
            "Mechanical Engineering from Carnegie Mellon University and a Ph.D. in Robotics from the "
            "Massachusetts Institute of Technology.",
            "Tomas Lindgren - Co-founder and Chief Technology Officer. Mr. Lindgren holds an M.S. in "
            "Computer Science from Stanford University and previously led perception software at a "
            "self-driving truck company.",
            "Daniel Reyes - Chief Financial Officer (joined April 2022). Mr. Reyes holds a B.A. in "
            "Economics from the University of Pennsylvania and an M.B.A. from the Wharton School.",
        ],
    ),
    (
        "Board of directors",
        [
            "Maria Okafor - Chairperson",
            "Tomas Lindgren - Director",
            "Gregory Albright - Director; Partner, Lumen Ventures",
            "Sarah Whitfield - Independent Director; Chair of the Audit Committee",
        ],
    ),
    (
        "Corporate structure",
        [
            "Halcyon Robotics, Inc. (Delaware) - parent company",
            "Halcyon Field Services LLC (Delaware) - US field service and deployment",
            "Halcyon Robotics Canada Ltd. (Ontario) - Canadian sales and support",
            "Halcyon Robotics GmbH (Germany) - European service organization, Munich",
        ],
    ),
    (
        "Customers and contracts",
        [
            "Anchor customer: Northgate Logistics, Inc. - Master Services Agreement since September 2021",
            "Contract expanded to Columbus and Indianapolis facilities in March 2023",
            "Net revenue retention of 131% in fiscal year 2023",
            "Supply partner for drive-trains under evaluation: Brightline Components, Inc.",
        ],
    ),
    (
        "Financial summary (USD thousands)",
        [
            "Revenue: FY2022 33,712 - FY2023 48,210",
            "Gross margin: FY2022 41% - FY2023 44%",
            "Term loan outstanding: 15,000 (Keystone Commerce Bank, N.A.)",
            "Audited by Baird & Whitcomb LLP",
        ],
    ),
    (
        "Ownership summary",
        [
            "Founders: 62.0% fully diluted",
            "Investors: Lumen Ventures Fund II, L.P. and Keel Street Capital LLC - 28.0%",
            "Employee option pool: 10.0%",
            "Source: capitalization table as of December 31, 2023",
        ],
    ),
]


def _presentation(doc: pymupdf.Document) -> None:
    w, h = LANDSCAPE
    first = len(doc)
    for i, (title, bullets) in enumerate(_SLIDES, start=1):
        page = doc.new_page(width=w, height=h)
        page.draw_rect(pymupdf.Rect(0, 0, w, 70), color=None, fill=(0.10, 0.22, 0.38))
        page.insert_text((40, 46), title, fontname="hebo", fontsize=22, color=(1, 1, 1))
        y = 120.0
        for bullet in bullets:
            lines = wrap(bullet, "helv", 15, w - 120)
            page.insert_text((48, y), "-", fontname="hebo", fontsize=15)
            for line in lines:
                page.insert_text((66, y), line, fontname="helv", fontsize=15)
                y += 21
            y += 12
        page.insert_text(
            (40, h - 24), "Halcyon Robotics, Inc. | Confidential", fontname="helv", fontsize=9
        )
        page.insert_text(
            (w - 90, h - 24), f"Page {i} of {len(_SLIDES)}", fontname="helv", fontsize=9
        )
    assert len(doc) - first == len(_SLIDES)


# ---------------------------------------------------------------------------------------------
# 15 Press release
# ---------------------------------------------------------------------------------------------
def _press_release(doc: pymupdf.Document) -> None:
    style = Style(
        body_font="helv",
        bold_font="hebo",
        italic_font="heit",
        size=10.5,
        header="Halcyon Robotics - News Release",
    )
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("pb", "FOR IMMEDIATE RELEASE"),
            ("title", "Halcyon Robotics Launches Tern 3, Its Fastest Autonomous Mobile Robot Yet"),
            (
                "center",
                "New robot doubles pick rates and adds 48-hour deployment for mid-sized warehouses",
            ),
            ("space", 6),
            (
                "p",
                "PITTSBURGH, May 7, 2024 - Halcyon Robotics, Inc., a developer of autonomous mobile robots "
                "for warehouse operations, today announced the general availability of Tern 3, its "
                "third-generation robot, together with a new release of the Halcyon Fleet orchestration "
                "platform.",
            ),
            (
                "p",
                "Tern 3 carries payloads of up to 600 kilograms, navigates without fixed infrastructure and "
                "can be deployed in an existing facility in 48 hours. In pilots at three customer sites, "
                "Tern 3 fleets increased pick rates by an average of 112% compared with manual carts.",
            ),
            (
                "p",
                '"Our customers asked for robots that work in the buildings they already have," said Maria '
                'Okafor, co-founder and Chief Executive Officer of Halcyon Robotics. "Tern 3 is the result '
                'of seven years of field data from more than a thousand robots."',
            ),
            (
                "p",
                '"Tern 3 cut our travel time between pick faces in half during the pilot," said Alan '
                'Brooks, Founder. "The deployment team had the fleet running over a weekend."',
            ),
            (
                "p",
                'Tomas Lindgren, co-founder and Chief Technology Officer, added: "The new perception stack '
                "lets Tern 3 share aisles safely with people and forklifts, which is where most of the "
                'productivity is."',
            ),
            (
                "p",
                "Tern 3 is available immediately in the United States, Canada and the European Union. "
                "Customers in Europe are supported by Halcyon Robotics GmbH, the company's Munich-based "
                "subsidiary.",
            ),
            ("h", "About Halcyon Robotics"),
            (
                "p",
                "Halcyon Robotics, Inc. designs and deploys autonomous mobile robots and fleet software that "
                "help distribution centers move goods faster with the people they have. Founded in 2017 and "
                "headquartered in Pittsburgh, Pennsylvania, the company has deployed more than 1,100 robots "
                "at 37 sites across North America and Europe. Halcyon Robotics, Inc. is not affiliated with "
                "Halcyon Robotic Systems Ltd.",
            ),
            ("h", "Forward-looking statements"),
            (
                "p",
                "This press release contains forward-looking statements, including statements regarding "
                "product availability and performance. Actual results may differ materially from those "
                "expressed or implied by such statements due to risks including supply chain constraints, "
                "customer adoption and competition. Halcyon Robotics undertakes no obligation to update any "
                "forward-looking statement.",
            ),
            ("break",),
            ("h", "Tern 3 at a glance"),
            ("pi", "Payload: up to 600 kg"),
            ("pi", "Top speed: 2.0 m/s in shared aisles"),
            ("pi", "Runtime: 14 hours per charge; opportunity charging in 9 minutes"),
            ("pi", "Deployment: 48 hours without fixed infrastructure"),
            ("pi", "Safety: certified to ISO 3691-4"),
            ("h", "Media contact"),
            ("line", "Lena Duarte, Communications Director"),
            ("line", "press@halcyonrobotics.example"),
            ("line", "+1 412 555 0147"),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 16 Industry report (two-column pages)
# ---------------------------------------------------------------------------------------------
def _industry_report(doc: pymupdf.Document) -> None:
    style = Style(
        body_font="tiro",
        bold_font="hebo",
        size=9.5,
        columns=2,
        header="Corvane Research Partners - Warehouse Automation Outlook 2024",
        footer_left="(c) Corvane Research Partners. Not investment advice.",
    )
    flow = Flow(doc, style)
    filler = (
        "Operators continue to report labor availability as the binding constraint on throughput, with "
        "turnover among warehouse associates above 40% a year in most regions we survey. Robots that "
        "can be deployed without changes to racking, floors or network infrastructure have captured "
        "the largest share of new installations, while fixed goods-to-person systems remain the choice "
        "for greenfield sites with stable order profiles."
    )
    render_blocks(
        flow,
        [
            ("h", "Warehouse Automation Outlook 2024"),
            ("it", "Corvane Research Partners - Industry Report - March 2024"),
            ("h", "Executive summary"),
            (
                "p",
                "We estimate that the North American market for autonomous mobile robots (AMRs) in "
                "warehousing reached $2.9 billion in 2023 and will grow at a compound annual rate of 24% "
                "through 2028. Spending is shifting from pilots to fleet-wide deployments, and buyers "
                "increasingly evaluate vendors on orchestration software rather than on robot hardware.",
            ),
            ("p", filler),
            ("h", "Market drivers"),
            (
                "p",
                "Three drivers dominate: persistent labor shortages, the growth of same-day delivery "
                "commitments, and the falling cost of perception hardware. The average price of a "
                "warehouse-grade lidar unit fell by roughly 30% between 2021 and 2023.",
            ),
            ("p", filler),
            (
                "p",
                "Financing has also changed. Robots-as-a-service contracts, under which the vendor retains "
                "ownership and charges a monthly subscription, accounted for an estimated 46% of new "
                "AMR contracts in 2023, up from 29% in 2021.",
            ),
            ("h", "Competitive landscape"),
            (
                "p",
                "The market remains fragmented. We profile five vendors below, selected for their installed "
                "base in North America and Europe. Installed-base figures are vendor-reported and have not "
                "been independently verified.",
            ),
            ("h", "Halcyon Robotics, Inc."),
            (
                "p",
                "Pittsburgh-based Halcyon Robotics, Inc. was founded in 2017 by Maria Okafor and Tomas "
                "Lindgren and sells the Tern family of AMRs under subscription contracts. Its anchor "
                "customer is Northgate Logistics, Inc. The company reports more than 1,100 robots deployed "
                "and is backed by Lumen Ventures.",
            ),
            ("h", "Halcyon Robotic Systems Ltd."),
            (
                "p",
                "Not to be confused with the Pittsburgh company, Halcyon Robotic Systems Ltd. is a "
                "Manchester-based maker of robotic palletizing cells, incorporated in England and Wales "
                "in 2012 and founded by Peter Lindqvist, who remains its managing director. Halcyon "
                "Robotic Systems Ltd. is not affiliated with Halcyon Robotics, Inc.",
            ),
            ("h", "Velocity Pick Systems, Inc."),
            (
                "p",
                "Velocity Pick Systems, Inc. of Austin, Texas focuses on zone-picking robots for "
                'e-commerce fulfillment. "We will be profitable in 2025," said Samuel Price, Founder and '
                "CEO of Velocity Pick Systems, Inc., in an interview for this report.",
            ),
            ("h", "Ostrava Automation a.s."),
            (
                "p",
                "Ostrava Automation a.s., based in the Czech Republic, supplies autonomous forklifts and "
                "tuggers to automotive plants and has begun to sell into third-party logistics warehouses "
                "in Germany and Poland.",
            ),
            ("h", "Ridgeway Freight Systems, LLC"),
            (
                "p",
                "Ridgeway Freight Systems, LLC is not a robot vendor but a Texas-based contract logistics "
                "provider that operates automated cross-dock facilities for retail customers, including "
                "under a master services agreement with Northgate Logistics, Inc.",
            ),
            ("h", "Pricing trends"),
            (
                "p",
                "Subscription prices for AMRs in our survey ranged from $1,400 to $2,600 per robot per "
                "month, including software and maintenance. Vendors with mature orchestration software "
                "command a premium of 15% to 20%.",
            ),
            ("p", filler),
            ("h", "Risks"),
            (
                "p",
                "Key risks include consolidation among large third-party logistics providers, which "
                "increases buyer power; component supply constraints for batteries and sensors; and "
                "evolving safety standards for mixed human-robot environments, notably ISO 3691-4.",
            ),
            ("p", filler),
            ("h", "Outlook"),
            (
                "p",
                "We expect at least two of the vendors profiled above to raise growth capital or be "
                "acquired within the next eighteen months. Buyers should evaluate vendors' service "
                "organizations and balance sheets as carefully as robot specifications, since a fleet "
                "contract typically runs three to five years.",
            ),
            ("p", filler),
            ("h", "Methodology"),
            (
                "p",
                "This report is based on 64 interviews with warehouse operators, vendors and investors "
                "conducted between November 2023 and February 2024, vendor-reported data and public "
                "filings. Market sizes are estimated bottom-up from installed units and average "
                "subscription prices.",
            ),
            ("p", filler),
            ("p", filler),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 17 Financial statements excerpt
# ---------------------------------------------------------------------------------------------
def _financials(doc: pymupdf.Document) -> None:
    style = Style(
        body_font="tiro",
        bold_font="tibo",
        size=10,
        header="Halcyon Robotics, Inc. and Subsidiaries - Consolidated Financial Statements 2023 (Excerpt)",
    )
    flow = Flow(doc, style)
    money = [("", 260, "left"), ("2023", 100, "right"), ("2022", 100, "right")]
    render_blocks(
        flow,
        [
            ("title", "HALCYON ROBOTICS, INC. AND SUBSIDIARIES"),
            ("centerb", "Consolidated Financial Statements"),
            ("center", "Years Ended December 31, 2023 and 2022"),
            ("space", 8),
            ("h", "INDEPENDENT AUDITORS' REPORT"),
            ("p", "To the Board of Directors and Stockholders of Halcyon Robotics, Inc."),
            ("pb", "Opinion"),
            (
                "p",
                "We have audited the consolidated financial statements of Halcyon Robotics, Inc. and its "
                'subsidiaries (the "Company"), which comprise the consolidated balance sheets as of '
                "December 31, 2023 and 2022, and the related consolidated statements of operations, "
                "stockholders' equity and cash flows for the years then ended, and the related notes.",
            ),
            (
                "p",
                "In our opinion, the accompanying consolidated financial statements present fairly, in all "
                "material respects, the financial position of the Company as of December 31, 2023 and 2022, "
                "and the results of its operations and its cash flows for the years then ended in "
                "accordance with accounting principles generally accepted in the United States of America.",
            ),
            ("pb", "Basis for Opinion"),
            (
                "p",
                "We conducted our audits in accordance with auditing standards generally accepted in the "
                "United States of America. We are required to be independent of the Company and to meet "
                "our other ethical responsibilities in accordance with the relevant ethical requirements "
                "relating to our audits. We believe that the audit evidence we have obtained is sufficient "
                "and appropriate to provide a basis for our audit opinion.",
            ),
            ("space", 6),
            ("line", "/s/ Baird & Whitcomb LLP"),
            ("line", "Pittsburgh, Pennsylvania"),
            ("line", "March 28, 2024"),
            ("break",),
            ("centerb", "CONSOLIDATED BALANCE SHEETS"),
            ("center", "December 31, 2023 and 2022 (in thousands of U.S. dollars)"),
            (
                "table",
                money,
                [
                    ["Cash and cash equivalents", "24,318", "21,402"],
                    ["Accounts receivable, net", "9,870", "6,115"],
                    ["Inventory", "7,240", "5,906"],
                    ["Robots under subscription, net", "18,655", "12,430"],
                    ["Other assets", "2,117", "1,988"],
                    ["Total assets", "62,200", "47,841"],
                    ["Accounts payable and accrued liabilities", "8,934", "7,210"],
                    ["Deferred revenue", "6,402", "4,876"],
                    ["Term loan, net of current portion", "10,000", "14,375"],
                    ["Current portion of term loan", "5,000", "625"],
                    ["Total liabilities", "30,336", "27,086"],
                    ["Total stockholders' equity", "31,864", "20,755"],
                    ["Total liabilities and stockholders' equity", "62,200", "47,841"],
                ],
                True,
            ),
            ("space", 8),
            ("centerb", "CONSOLIDATED STATEMENTS OF OPERATIONS"),
            ("center", "Years Ended December 31, 2023 and 2022 (in thousands of U.S. dollars)"),
            (
                "table",
                money,
                [
                    ["Subscription revenue", "39,604", "26,118"],
                    ["Deployment and services revenue", "8,606", "7,594"],
                    ["Total revenue", "48,210", "33,712"],
                    ["Cost of revenue", "26,998", "19,890"],
                    ["Gross profit", "21,212", "13,822"],
                    ["Research and development", "14,380", "11,205"],
                    ["Sales, general and administrative", "12,915", "10,477"],
                    ["Operating loss", "(6,083)", "(7,860)"],
                    ["Interest expense, net", "(1,204)", "(512)"],
                    ["Net loss", "(7,287)", "(8,372)"],
                ],
                True,
            ),
            ("break",),
            ("centerb", "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS"),
            ("h", "1. Organization and Nature of Business"),
            (
                "p",
                'Halcyon Robotics, Inc. (the "Company") was incorporated in the State of Delaware on March '
                "16, 2017. The Company designs, sells and services autonomous mobile robots and fleet "
                "orchestration software for warehouse operations. The consolidated financial statements "
                "include the accounts of the Company and its wholly owned subsidiaries, Halcyon Field "
                "Services LLC, Halcyon Robotics Canada Ltd. and Halcyon Robotics GmbH. All intercompany "
                "balances and transactions have been eliminated in consolidation.",
            ),
            ("h", "2. Summary of Significant Accounting Policies"),
            (
                "p",
                "Revenue recognition. Subscription revenue is recognized ratably over the subscription "
                "term. Deployment revenue is recognized when the robots are accepted at the customer site. "
                "Robots under subscription are depreciated on a straight-line basis over five years.",
            ),
            (
                "p",
                "Use of estimates. The preparation of financial statements in conformity with U.S. GAAP "
                "requires management to make estimates and assumptions that affect the reported amounts of "
                "assets and liabilities and the disclosure of contingent assets and liabilities.",
            ),
            ("h", "6. Debt"),
            (
                "p",
                "On July 20, 2022 the Company entered into a Loan and Security Agreement with Keystone "
                "Commerce Bank, N.A. providing for a term loan of $15,000,000 maturing on July 20, 2026. "
                "The loan bears interest at the prime rate plus 1.25% and is guaranteed by Halcyon Field "
                "Services LLC. The Company was in compliance with all financial covenants as of December "
                "31, 2023.",
            ),
            ("h", "9. Concentration of Customers"),
            (
                "p",
                "One customer, Northgate Logistics, Inc., accounted for 27% and 31% of total revenue for "
                "the years ended December 31, 2023 and 2022, respectively.",
            ),
            ("h", "12. Subsequent Events"),
            (
                "p",
                "The Company has evaluated subsequent events through March 28, 2024, the date on which the "
                "financial statements were available to be issued, and has concluded that no events "
                "require recognition or disclosure.",
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 18 MSA between two counterparties (not the target)
# ---------------------------------------------------------------------------------------------
def _msa_other(doc: pymupdf.Document) -> None:
    style = Style(
        header="Master Services Agreement - Northgate Logistics, Inc. / Ridgeway Freight Systems, LLC"
    )
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "MASTER SERVICES AGREEMENT"),
            ("space", 6),
            (
                "p",
                'This Master Services Agreement (the "Agreement") is entered into as of November 15, 2022 by '
                'and between Northgate Logistics, Inc., an Ohio corporation ("Client"), and Ridgeway '
                'Freight Systems, LLC, a Texas limited liability company ("Contractor").',
            ),
            ("h", "1. Definitions"),
            (
                "p",
                '1.1 "Services" means the cross-dock, transloading and regional linehaul services described '
                'in each work order executed under this Agreement (each, a "Work Order").',
            ),
            (
                "p",
                '1.2 "Facilities" means the cross-dock facilities operated by Contractor in Dallas, Texas '
                "and Memphis, Tennessee.",
            ),
            ("h", "2. Services"),
            (
                "p",
                "2.1 Contractor shall perform the Services in accordance with each Work Order and the "
                "service levels in Exhibit A, and shall provide all labor, equipment and supervision "
                "necessary to do so.",
            ),
            (
                "p",
                "2.2 Client shall provide Contractor with advance shipping notices at least twenty-four "
                "(24) hours before the arrival of each inbound load.",
            ),
            ("h", "3. Compensation"),
            (
                "p",
                "3.1 Client shall pay Contractor the rates set forth in each Work Order. Contractor shall "
                "invoice weekly and Client shall pay each invoice within thirty (30) days of receipt.",
            ),
            ("h", "4. Term and Termination"),
            (
                "p",
                "4.1 This Agreement shall have an initial term of two (2) years commencing on the date "
                "first written above and may be renewed by mutual written agreement of the parties.",
            ),
            (
                "p",
                "4.2 Either party may terminate this Agreement for convenience upon one hundred twenty "
                "(120) days' written notice to the other party.",
            ),
            ("h", "5. Liability and Insurance"),
            (
                "p",
                "5.1 Contractor shall be liable for loss of or damage to goods in its care, custody or "
                "control, subject to the limits set forth in this Section 5.",
            ),
            (
                "p",
                "5.2 Limitation of Liability. Except for claims arising from gross negligence or willful "
                "misconduct, neither party's total liability under this Agreement shall exceed Seven "
                "Hundred Fifty Thousand Dollars ($750,000).",
            ),
            (
                "p",
                "5.3 Contractor shall maintain warehouse legal liability insurance of not less than "
                "$2,000,000 per occurrence and shall name Client as an additional insured.",
            ),
            ("h", "6. Confidentiality"),
            (
                "p",
                "Each party shall keep confidential the terms of this Agreement and all non-public "
                "information received from the other party, and shall use such information only for the "
                "purposes of this Agreement.",
            ),
            *_general_provisions(7, "the State of Ohio"),
            ("space", 6),
            (
                "sig",
                [
                    ("NORTHGATE LOGISTICS, INC.", "Karen Whitlock", "Chief Operating Officer"),
                    ("RIDGEWAY FREIGHT SYSTEMS, LLC", "Luis Carrillo", "President"),
                ],
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 19 Amendment No. 2 to the Northgate MSA (issue 16: a second amendment, a changed term)
# ---------------------------------------------------------------------------------------------
def _amendment_2(doc: pymupdf.Document) -> None:
    style = Style(header="Amendment No. 2 to Master Services Agreement - Halcyon / Northgate")
    flow = Flow(doc, style)
    render_blocks(
        flow,
        [
            ("title", "AMENDMENT NO. 2 TO MASTER SERVICES AGREEMENT"),
            ("space", 6),
            (
                "p",
                'This AMENDMENT NO. 2 (this "Second Amendment") is made and entered into as of January 15, '
                '2024 by and between Halcyon Robotics, Inc., a Delaware corporation ("Provider"), and '
                'Northgate Logistics, Inc., an Ohio corporation ("Customer").',
            ),
            ("centerb", "RECITALS"),
            (
                "p",
                "A. Provider and Customer are parties to that certain Master Services Agreement dated as of "
                'September 1, 2021, as amended by Amendment No. 1 thereto (as so amended, the "Agreement").',
            ),
            (
                "p",
                "B. The parties wish to lengthen the renewal terms of the Agreement as set forth below.",
            ),
            ("h", "1. Renewal Terms"),
            (
                "p",
                "The renewal term under Section 4.1 of the Agreement shall be extended to two (2) years "
                "for each renewal of the Agreement after the Initial Term.",
            ),
            ("h", "2. Effect of Amendment"),
            (
                "p",
                "Except as expressly amended by this Second Amendment, the Agreement remains in full force "
                "and effect in accordance with its terms.",
            ),
            ("space", 6),
            (
                "p",
                "IN WITNESS WHEREOF, the parties have executed this Second Amendment as of the date first "
                "written above.",
            ),
            (
                "sig",
                [
                    (CO_UP, "Maria Okafor", "Chief Executive Officer"),
                    ("NORTHGATE LOGISTICS, INC.", "Karen Whitlock", "Chief Operating Officer"),
                ],
            ),
        ],
    )
    stamp_running_text(doc, flow.first_page, style, set())


# ---------------------------------------------------------------------------------------------
# 20 Manufacturing Agreement Halcyon / Brightline, 21 its amended and restated version,
# 22 a DRAFT of the restated version that differs from the executed copy (issue 16)
# ---------------------------------------------------------------------------------------------
def _manufacturing_blocks(*, restated: bool, draft: bool) -> list[Block]:
    cap = "ONE MILLION DOLLARS ($1,000,000)"
    law = "the State of Ohio"
    date = "May 2, 2022"
    if restated:
        cap = (
            "TWO MILLION FIVE HUNDRED THOUSAND DOLLARS ($2,500,000)"
            if draft
            else ("THREE MILLION DOLLARS ($3,000,000)")
        )
        law = "the State of Michigan"
        date = "February 1, 2024"
    title = (
        "AMENDED AND RESTATED MANUFACTURING AGREEMENT" if restated else "MANUFACTURING AGREEMENT"
    )
    blocks: list[Block] = []
    if draft:
        blocks.append(("centerb", "DRAFT"))
    blocks += [
        ("title", title),
        ("space", 6),
        (
            "p",
            f'This {title.title()} (this "Agreement") is entered into as of {date} by and between '
            'Brightline Components, Inc., a Michigan corporation ("Supplier"), and '
            'Halcyon Robotics, Inc., a Delaware corporation ("Buyer").',
        ),
    ]
    if restated:
        blocks.append(
            (
                "p",
                "Supplier and Buyer are parties to that certain Manufacturing Agreement dated as of May 2, 2022 "
                '(the "Original Agreement"). This Agreement amends and restates the Original Agreement '
                "in its entirety, effective as of the date first written above.",
            )
        )
    blocks += [
        ("h", "1. Supply of Components"),
        (
            "p",
            "1.1 Supplier shall manufacture and supply to Buyer the drive modules and lidar housings "
            "described in Schedule 1, in the quantities set out in Buyer's purchase orders.",
        ),
        ("h", "2. Price and Payment"),
        (
            "p",
            "2.1 Buyer shall pay each undisputed invoice within thirty (30) days after the date of "
            "invoice.",
        ),
        ("h", "3. Limitation of Liability"),
        (
            "p",
            "3.1 Cap on Liability. EACH PARTY'S AGGREGATE LIABILITY ARISING OUT OF OR RELATING TO THIS "
            f"AGREEMENT SHALL NOT EXCEED {cap}.",
        ),
        ("h", "4. Governing Law"),
        (
            "p",
            f"4.1 Governing Law. This Agreement shall be governed by the laws of {law}, without regard "
            "to its conflict of laws rules.",
        ),
        ("space", 6),
        (
            "p",
            "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written "
            "above.",
        ),
    ]
    if draft:
        blocks.append(("line", "[Signature page to follow]"))
    else:
        blocks.append(
            (
                "sig",
                [
                    ("BRIGHTLINE COMPONENTS, INC.", "Henry Adeyemi", "President"),
                    (CO_UP, "Maria Okafor", "Chief Executive Officer"),
                ],
            )
        )
    return blocks


def _manufacturing(doc: pymupdf.Document, *, restated: bool = False, draft: bool = False) -> None:
    header = (
        "Amended and Restated Manufacturing Agreement - Brightline / Halcyon"
        if restated
        else "Manufacturing Agreement - Brightline / Halcyon"
    )
    if draft:
        header = "DRAFT - for discussion purposes only - " + header
    style = Style(header=header)
    flow = Flow(doc, style)
    render_blocks(flow, _manufacturing_blocks(restated=restated, draft=draft))
    stamp_running_text(doc, flow.first_page, style, set())


DOCUMENTS: tuple[tuple[str, str, Callable[[pymupdf.Document], None]], ...] = (
    ("01_Certificate_of_Incorporation.pdf", "Certificate of Incorporation", _certificate),
    ("02_Bylaws_Excerpt.pdf", "Amended and Restated Bylaws (Excerpt)", _bylaws),
    ("03_Founders_Agreement.pdf", "Founders' Agreement", _founders),
    ("04_Capitalization_Table.pdf", "Capitalization Table", _cap_table),
    ("05_Board_Minutes_2021-06-15.pdf", "Board Minutes June 15, 2021", _minutes_2021),
    ("06_Board_Minutes_2023-02-09.pdf", "Board Minutes February 9, 2023", _minutes_2023),
    ("07_Master_Services_Agreement_Halcyon_Northgate.pdf", "Master Services Agreement", _msa),
    ("08_MSA_Amendment_No1_Halcyon_Northgate.pdf", "Amendment No. 1 to MSA", _amendment),
    (
        "09_Mutual_NDA_Halcyon_Brightline.pdf",
        "Mutual Nondisclosure Agreement",
        lambda d: _nda(d, reexport=False),
    ),
    (
        "10_Mutual_NDA_Halcyon_Brightline_reexport.pdf",
        "Mutual Nondisclosure Agreement",
        lambda d: _nda(d, reexport=True),
    ),
    ("11_Loan_and_Security_Agreement_Keystone.pdf", "Loan and Security Agreement", _loan),
    ("12_Exhibit_21_Subsidiaries.pdf", "Exhibit 21 Subsidiaries", _subsidiaries),
    ("13_Employment_Agreement_Daniel_Reyes.pdf", "Executive Employment Agreement", _employment),
    ("14_Management_Presentation_Q1_2024.pdf", "Management Presentation", _presentation),
    ("15_Press_Release_2024-05-07.pdf", "Press Release", _press_release),
    ("16_Industry_Report_Corvane_2024.pdf", "Warehouse Automation Outlook 2024", _industry_report),
    ("17_Financial_Statements_2023_Excerpt.pdf", "Consolidated Financial Statements", _financials),
    ("18_MSA_Northgate_Ridgeway.pdf", "Master Services Agreement", _msa_other),
    ("19_MSA_Amendment_No2_Halcyon_Northgate.pdf", "Amendment No. 2 to MSA", _amendment_2),
    (
        "20_Manufacturing_Agreement_Brightline_Halcyon.pdf",
        "Manufacturing Agreement",
        _manufacturing,
    ),
    (
        "21_Amended_and_Restated_Manufacturing_Agreement_Brightline_Halcyon.pdf",
        "Amended and Restated Manufacturing Agreement",
        lambda d: _manufacturing(d, restated=True),
    ),
    (
        "22_Amended_and_Restated_Manufacturing_Agreement_DRAFT.pdf",
        "Amended and Restated Manufacturing Agreement (draft)",
        lambda d: _manufacturing(d, restated=True, draft=True),
    ),
    ("23_Board_Minutes_2024-06-20.pdf", "Board Minutes June 20, 2024", _minutes_2024),
)


def build_data_room(out_dir: Path, *, scanned: bool = False) -> list[Path]:
    """Write every PDF of the data room into out_dir; return their paths in a stable order.

    `scanned`: every page rasterized as a scan (200 dpi, grayscale, a slight skew that
    varies by page within ±2°, noise, no text layer), so the whole pipeline runs on OCR.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    for name, title, build in DOCUMENTS:
        doc = pymupdf.open()
        build(doc)
        data = finish(doc, title, "Halcyon Robotics data room")
        doc.close()
        if scanned:
            from bench.data_room._scan import scan_pdf

            data = scan_pdf(data, skew=SCAN_SKEWS, noise=8.0, seed=len(paths))
        path = out_dir / name
        path.write_bytes(data)
        paths.append(path)
    return paths


# The skew of each scanned page in turn (degrees): scanners feed paper slightly crooked.
SCAN_SKEWS = (0.6, -1.1, 1.8, -0.3, 2.0, -1.7, 0.0, 1.2)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    scanned = "--scanned" in args
    args = [a for a in args if a != "--scanned"]
    if len(args) != 1:
        print("usage: python -m bench.data_room.generate [--scanned] OUT_DIR", file=sys.stderr)
        return 2
    paths = build_data_room(Path(args[0]), scanned=scanned)
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
