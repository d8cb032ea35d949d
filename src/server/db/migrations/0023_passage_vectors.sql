CREATE TABLE "passage_vectors" (
	"source" text NOT NULL,
	"item_id" integer NOT NULL,
	"passage" integer NOT NULL,
	"embedder" text NOT NULL,
	"content_hash" text NOT NULL,
	"vector" real[] NOT NULL,
	CONSTRAINT "passage_vectors_source_item_id_passage_pk" PRIMARY KEY("source","item_id","passage")
);
