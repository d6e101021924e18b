-- Stored cards (issue item 16): one card is the person's default, and a card is stored once per person.
-- The vault keeps no hash of the number (030), so a card's fingerprint is what it does keep: the brand, the last four
-- digits and the expiry. Copies stored before this refusal existed are dropped, keeping the first one stored.
DELETE FROM payment_cards c USING payment_cards k
  WHERE c.user_id = k.user_id AND c.card_brand = k.card_brand AND c.card_last_four = k.card_last_four
    AND c.exp_month = k.exp_month AND c.exp_year = k.exp_year AND (k.created_at, k.id) < (c.created_at, c.id);
CREATE UNIQUE INDEX payment_cards_fingerprint ON payment_cards (user_id, card_brand, card_last_four, exp_month, exp_year);

-- A person with cards has exactly one default: the first card stored, until they choose another.
ALTER TABLE payment_cards ADD COLUMN is_default boolean NOT NULL DEFAULT false;
UPDATE payment_cards SET is_default = true
  WHERE id IN (SELECT DISTINCT ON (user_id) id FROM payment_cards ORDER BY user_id, created_at, id);
CREATE UNIQUE INDEX payment_cards_one_default ON payment_cards (user_id) WHERE is_default;
