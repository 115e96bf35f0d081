-- Invoices are no longer public files: `/api/files/{id}` serves one to a session of its partner or
-- through a signed link that expires (projects/file-links.ts), never to whoever has its id, and
-- never into a shared cache (they were `public, max-age=300`).
UPDATE "stored_files" SET "is_public" = false WHERE "purpose" = 'INVOICE' AND "is_public";
