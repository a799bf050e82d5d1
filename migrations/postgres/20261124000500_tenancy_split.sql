-- Issue 12 (POST /tenancy-split): how tenants in common share the property, per owner, in
-- basis points (5000 = 50%); cleared when an owner is added or removed.
ALTER TABLE applicants ADD COLUMN tenancy_share_bp INTEGER;
