CREATE TABLE "list_counts" (
	"business_id" uuid NOT NULL,
	"list" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_counts_business_id_list_pk" PRIMARY KEY("business_id","list"),
	CONSTRAINT "list_counts_total_check" CHECK ("list_counts"."total" >= 0)
);
