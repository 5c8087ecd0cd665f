"""Everything a player reads, in English and French: gettext's catalogues (`locale/`), the
translator of a language, and the tool that keeps the catalogues in step with the code."""
