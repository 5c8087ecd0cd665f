"""Small helpers that know nothing of the companion: log lines, SHA-256 without OpenSSL,
spreadsheet-safe CSV, bounded reads of the files a user names, read-only attribute views."""
