-- The sign-up OTP is now kept as an HMAC under the server's secret (embedded-signup/otp.ts), no
-- longer as a plain SHA-256 that a copy of the table turns back into the code by trying all 10,000.
-- A code stored the old way would never match the new check: it is expired (the client regenerates).
UPDATE "embedded_signups" SET "otp_hash" = NULL, "otp_expires_at" = NULL WHERE "otp_hash" IS NOT NULL;
