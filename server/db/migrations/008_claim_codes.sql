-- A claimed offer has something to show a cashier (issue 11, decision 070): a redeemable code per claim, read only by
-- the person who claimed, and the claim's time (created_at, already kept). The code is random (from gen_random_uuid,
-- whose bytes come from a strong random source), so it cannot be derived from the offer's id or the claim's; claims made
-- before this migration get one too.
ALTER TABLE claims ADD COLUMN code text NOT NULL DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 8));
