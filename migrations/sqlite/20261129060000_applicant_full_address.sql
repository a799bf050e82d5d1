-- Issue 26, item 7: an owner's or buyer's current address in full (AML checks and the land tax
-- return need the postcode, not only the first line), and whether an owner lives at the property
-- being remortgaged (then their address is the property's, not asked again). Nullable, so rows
-- saved before keep reading as they were (line 1 only, the answer not given).
ALTER TABLE applicants ADD COLUMN address_line2 TEXT;
ALTER TABLE applicants ADD COLUMN address_town TEXT;
ALTER TABLE applicants ADD COLUMN address_postcode TEXT;
ALTER TABLE applicants ADD COLUMN lives_at_property BOOLEAN;
