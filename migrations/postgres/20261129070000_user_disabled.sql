-- Issue 30.4: an administrator can disable an account (`threshold user disable`): its sessions
-- end at once and sign-in sends nothing until it is enabled again. NULL: the account works.
ALTER TABLE users ADD COLUMN disabled_at TIMESTAMPTZ;
