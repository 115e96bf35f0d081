-- An AUTHENTICATION template's choices: Meta writes its text from them and its one-time password button.
ALTER TABLE "templates" ADD COLUMN "authentication" jsonb;
