-- Issue 28 (3): a shared-ownership remortgage that buys a further share ("staircasing") is
-- taxed on the share's price once the owner's share goes above 80%, unless a market value
-- election was made when the lease was granted (FA 2003 Sch 9 para 4A; LTTA 2017 Sch 15
-- para 6). The quote needs the shares before and after (basis points: 5000 = 50%), the price
-- of the share (pence) and the election. NULL = not given: the quote says what it needs.
ALTER TABLE cases ADD COLUMN staircasing_share_before INTEGER;
ALTER TABLE cases ADD COLUMN staircasing_share_after INTEGER;
ALTER TABLE cases ADD COLUMN staircasing_price BIGINT;
ALTER TABLE cases ADD COLUMN market_value_election_made BOOLEAN;
