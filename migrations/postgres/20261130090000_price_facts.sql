-- Issue 28 (2): the facts that change a purchase's price are asked before the quote exists.
-- Besides first-time buyer, additional home, new build and shared ownership (already columns):
-- whether every buyer is UK resident (the SDLT surcharge for non-residents, FA 2003 Sch 9A)
-- and whether the seller grants a new lease (HM Land Registry's fee, no portal reduction).
-- NULL = not asked (cases made before this, or through the API without the answer).
ALTER TABLE cases ADD COLUMN buyers_uk_resident BOOLEAN;
ALTER TABLE cases ADD COLUMN is_new_lease BOOLEAN;
