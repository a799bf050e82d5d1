-- Issue 28 (5): the referral arrangement the firm has with each broker firm, as the firm's
-- administrators record it in the back office: what the firm pays the broker firm for each
-- client it introduces, in pence (0: nothing). Every quote made for a client that firm's
-- brokers introduce discloses it (SRA Code of Conduct for Solicitors, para 5.1).
ALTER TABLE broker_firms ADD COLUMN referral_fee BIGINT NOT NULL DEFAULT 0;
