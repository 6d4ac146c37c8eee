"""The binding rules in the order `BindingExtractor` runs them.

Order matters: the rules that define names (a certificate's "Corporation", a filing's
registrant, a form's own entity, defined terms, an agreement's parties) run before the
statements that refer to them. A new genre is a module of this package and one line here.
"""

from __future__ import annotations

from ingest.bindings._advisers import Advisers, AuditorConsents, AuditorReports
from ingest.bindings._authors import DocumentAuthors, FounderTerms, OwnFounderLines
from ingest.bindings._charters import Certificates, FiscalYears, Incorporation, Registration
from ingest.bindings._filings import CompanyProfiles, Registrant
from ingest.bindings._former_names import FormerNames
from ingest.bindings._forms import FormFields
from ingest.bindings._minutes import BoardMinutes
from ingest.bindings._officers import OfficerStatements, OfficerTables, TenureEnded
from ingest.bindings._ownership import CapTables, FounderStatements, OwnershipStatements
from ingest.bindings._party_other_names import PartyOtherNames
from ingest.bindings._preambles import DefinedTerms, PreambleParties
from ingest.bindings._rule import BindingRule
from ingest.bindings._signatures import SignatureBlocks
from ingest.bindings._subsidiaries import SubsidiaryLists, SubsidiaryStatements

BINDING_RULES: tuple[BindingRule, ...] = (
    Certificates(),
    Registrant(),
    FormFields(),
    DefinedTerms(),
    FormerNames(),
    PreambleParties(),
    Incorporation(),
    Registration(),
    OfficerStatements(),
    TenureEnded(),
    FounderStatements(),
    OwnershipStatements(),
    SubsidiaryStatements(),
    SubsidiaryLists(),
    CapTables(),
    SignatureBlocks(),
    Advisers(),
    OfficerTables(),
    BoardMinutes(),
    AuditorReports(),
    AuditorConsents(),
    CompanyProfiles(),
    DocumentAuthors(),
    FounderTerms(),
    OwnFounderLines(),
    FiscalYears(),
    PartyOtherNames(),
)
