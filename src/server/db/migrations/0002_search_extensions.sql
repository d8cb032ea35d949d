-- pg_trgm: trigram indexes on titles for the 'Did you mean' suggestion of search. PGlite loads the module in
-- its client (db/client.ts); on PostgreSQL it ships with the server's contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
