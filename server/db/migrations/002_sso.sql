-- Single sign-on: providers are upserted by (domain, kind, name); a transaction's state is spent by its callback.

CREATE UNIQUE INDEX sso_providers_domain_kind_name ON sso_providers (domain, kind, name);

ALTER TABLE sso_transactions ADD COLUMN callback_at timestamptz;

CREATE INDEX sso_transactions_created ON sso_transactions (created_at);
