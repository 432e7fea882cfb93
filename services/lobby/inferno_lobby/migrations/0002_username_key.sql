-- Usernames compared in one form: NFKC, then case-folded (accounts.username_key, computed by
-- the lobby with unicodedata.normalize('NFKC', name).casefold()).
-- Before, the unique index and the log-in lookup used PostgreSQL's lower() while the rate
-- limiter keyed on Python's str.lower(); the two disagree ('İ'), so one account could be
-- reached under spellings that each had a fresh attempt counter.
-- depends: 0001_accounts_and_tables

ALTER TABLE accounts ADD COLUMN username_key text;
-- Backfill. Every username the lobby ever accepted is ASCII (letters, digits, '_', '.', '-';
-- guests 'guest-<hex>'), for which lower(normalize(…, NFKC)) is exactly NFKC + casefold.
-- Two accounts folding to one key make the unique index below fail: an operator decides.
UPDATE accounts SET username_key = lower(normalize(username, NFKC));
ALTER TABLE accounts ALTER COLUMN username_key SET NOT NULL;
DROP INDEX accounts_username_key;
CREATE UNIQUE INDEX accounts_username_folded ON accounts (username_key);
