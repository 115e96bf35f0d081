-- The days left when a warning level was crossed were written and never read: the mail and the banner compute them now.
ALTER TABLE "wallet_thresholds" DROP COLUMN "crossed_days";