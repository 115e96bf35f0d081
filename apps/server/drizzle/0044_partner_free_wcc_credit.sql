-- The Free WCC credit setting of Manage, Configure Plan Family (doc 3 section 2): the WCC credit a
-- new customer's project starts with, moved from the partner's central balance (1/100000 of the currency).
ALTER TABLE "partners" ADD COLUMN "free_wcc_credit" bigint DEFAULT 0 NOT NULL;