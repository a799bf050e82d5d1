-- What a quote says beyond its figures: the deposit's terms (14-day cancellation), the
-- referral-fee disclosure (SRA Code para 5.1), notes (why no land tax estimate), and whom the
-- land tax is paid to and by when. NULL for quotes made before this.
ALTER TABLE quotes ADD COLUMN terms TEXT;
