-- A card-frame session belongs to the sign-in that opened it (issue 22, item 5): signing out, a revoked session or a
-- deactivated account ends it too. Sessions live minutes, so the ones open now are dropped rather than guessed at.
DELETE FROM payment_card_sessions;
ALTER TABLE payment_card_sessions ADD COLUMN family_id uuid NOT NULL REFERENCES token_families(id) ON DELETE CASCADE;
