-- The handle Meta's Resumable Upload gave for each template sample file, so that a sample is uploaded once.
CREATE TABLE "template_sample_handles" (
	"partner_id" text NOT NULL,
	"file_id" text NOT NULL,
	"handle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_sample_handles_pkey" PRIMARY KEY("partner_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "template_sample_handles" ADD CONSTRAINT "template_sample_handles_file_fk" FOREIGN KEY ("file_id","partner_id") REFERENCES "public"."stored_files"("id","partner_id") ON DELETE no action ON UPDATE no action;
