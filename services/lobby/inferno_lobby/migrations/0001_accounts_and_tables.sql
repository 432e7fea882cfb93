-- Accounts, tables and seats of the lobby, in the lobby's own schema.
-- depends:

CREATE TABLE accounts (
    id            uuid PRIMARY KEY,
    username      text NOT NULL,
    display_name  text NOT NULL,
    password_hash text,                      -- NULL for guests: they have no password
    role          text NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'operator')),
    guest         boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now()
);
-- Usernames are unique whatever their case, so "Dante" and "dante" are one account.
CREATE UNIQUE INDEX accounts_username_key ON accounts (lower(username));

CREATE TABLE tables (
    id                       text PRIMARY KEY,
    game                     text NOT NULL,
    options                  jsonb NOT NULL,
    players                  integer NOT NULL CHECK (players > 0),
    owner_id                 uuid REFERENCES accounts (id),
    status                   text NOT NULL DEFAULT 'open'
                             CHECK (status IN ('open', 'started', 'finished', 'aborted', 'closed')),
    private                  boolean NOT NULL DEFAULT false,
    invite_code              text,
    decision_seconds         integer NOT NULL,
    time_bank_seconds        integer NOT NULL,
    increment_seconds        integer NOT NULL,
    spectator_delay_seconds  integer NOT NULL,
    seed_commitment          text,
    quick_play               boolean NOT NULL DEFAULT false,
    created_at               timestamptz NOT NULL DEFAULT now(),
    started_at               timestamptz,
    ended_at                 timestamptz
);
CREATE INDEX tables_listing ON tables (status, game, created_at DESC);

CREATE TABLE seats (
    table_id    text NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        integer NOT NULL CHECK (seat >= 0),
    account_id  uuid REFERENCES accounts (id),
    bot         boolean NOT NULL DEFAULT false,
    name        text NOT NULL,
    PRIMARY KEY (table_id, seat),
    CHECK (bot OR account_id IS NOT NULL)
);
-- One seat per account per table.
CREATE UNIQUE INDEX seats_one_per_account ON seats (table_id, account_id)
    WHERE account_id IS NOT NULL;
