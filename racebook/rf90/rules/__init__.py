"""RF90 rules, one module per mechanic; each cites the manual by section (§N) so it can be checked against the book."""

