-- The scoring schema: results of finished matches, their rounds, and ratings per game.
-- Every write of the consumer is idempotent: `events` holds the id of every bus event already
-- stored, and the other tables are keyed by table id.

CREATE SCHEMA IF NOT EXISTS scoring;

-- Bus events already turned into rows (the idempotency key of the consumer).
CREATE TABLE scoring.events (
    event_id   text PRIMARY KEY,
    type       text NOT NULL,
    table_id   text NOT NULL,
    stored_at  timestamptz NOT NULL DEFAULT now()
);

-- One finished match (a table that reached its end).
CREATE TABLE scoring.matches (
    table_id          text PRIMARY KEY,
    game              text NOT NULL,
    finished_at_ms    bigint NOT NULL,
    lower_score_wins  boolean NOT NULL,
    seed              text NOT NULL,
    seed_commitment   text NOT NULL,
    event_id          text NOT NULL UNIQUE,
    published_at_ms   bigint NOT NULL,
    stored_at         timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- Ratings are applied in this order (finish time, ties by table id).
CREATE INDEX matches_finish_order ON scoring.matches (game, finished_at_ms, table_id);

-- One seat of a finished match, with the rating it had before and after the match.
CREATE TABLE scoring.participants (
    table_id       text NOT NULL REFERENCES scoring.matches (table_id) ON DELETE CASCADE,
    seat           integer NOT NULL CHECK (seat >= 0),
    player_id      text NOT NULL,
    name           text NOT NULL,
    bot            boolean NOT NULL,
    abandoned      boolean NOT NULL,
    score          integer NOT NULL,
    reported_rank  integer NOT NULL,  -- the ranking in the event (1 = best, ties share)
    rank           integer NOT NULL,  -- the rank rated: abandoned seats last
    winner         boolean NOT NULL,
    mu_before      double precision,
    sigma_before   double precision,
    mu_after       double precision,
    sigma_after    double precision,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, player_id)
);
CREATE INDEX participants_by_player ON scoring.participants (player_id);

-- Per-round scores, from `table.round_scored` or the rounds of `table.finished`.
CREATE TABLE scoring.rounds (
    table_id  text NOT NULL,
    round     integer NOT NULL CHECK (round >= 1),
    points    integer[] NOT NULL,
    scores    integer[] NOT NULL,  -- running totals after this round
    detail    jsonb NOT NULL DEFAULT '{}',
    PRIMARY KEY (table_id, round)
);

-- The current rating of each player in each game (OpenSkill Plackett-Luce).
CREATE TABLE scoring.ratings (
    game           text NOT NULL,
    player_id      text NOT NULL,
    name           text NOT NULL,
    bot            boolean NOT NULL,
    mu             double precision NOT NULL,
    sigma          double precision NOT NULL,
    -- the conservative estimate leaderboards sort by
    ordinal        double precision GENERATED ALWAYS AS (mu - 3 * sigma) STORED,
    matches        integer NOT NULL,
    last_table_id  text NOT NULL,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game, player_id)
);
CREATE INDEX ratings_leaderboard ON scoring.ratings (game, ordinal DESC, player_id);
