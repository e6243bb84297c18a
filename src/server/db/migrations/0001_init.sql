-- Accounts, sessions, content and settings. Search columns are generated so they never drift from the text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  twitter text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  is_contributor boolean NOT NULL DEFAULT false,
  is_super_user boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE articles (
  id serial PRIMARY KEY,
  shortname text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  body_html text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  date timestamptz NOT NULL DEFAULT now(),
  tags text[] NOT NULL DEFAULT '{}',
  contributor_id integer REFERENCES users (id) ON DELETE SET NULL,
  is_visible boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(body, '')), 'C')
  ) STORED
);
CREATE INDEX articles_search_idx ON articles USING gin (search);
CREATE INDEX articles_title_trgm_idx ON articles USING gin (title gin_trgm_ops);
CREATE INDEX articles_visible_date_idx ON articles (is_visible, date DESC, id DESC);
CREATE INDEX articles_contributor_idx ON articles (contributor_id);

CREATE TABLE profiles (
  id serial PRIMARY KEY,
  shortname text NOT NULL UNIQUE,
  name text NOT NULL,
  position text NOT NULL DEFAULT '',
  school text NOT NULL DEFAULT '',
  year integer,
  height text NOT NULL DEFAULT '',
  weight text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  date timestamptz NOT NULL DEFAULT now(),
  description text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  body_html text NOT NULL DEFAULT '',
  contributor_id integer REFERENCES users (id) ON DELETE SET NULL,
  is_visible boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(school, '') || ' ' || coalesce(position, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(body, '')), 'C')
  ) STORED
);
CREATE INDEX profiles_search_idx ON profiles USING gin (search);
CREATE INDEX profiles_name_trgm_idx ON profiles USING gin (name gin_trgm_ops);
CREATE INDEX profiles_visible_date_idx ON profiles (is_visible, date DESC, id DESC);
CREATE INDEX profiles_contributor_idx ON profiles (contributor_id);
