-- title: TEXT_SEARCH_AGG (Confluent): full-text search over product descriptions
-- about: Each search query looks up the products whose description matches it best: LATERAL TABLE(TEXT_SEARCH_AGG(products_ext, DESCRIPTOR(description), q.query, 2)), at most 2 rows, best first. The external table is an Elasticsearch index (CREATE CONNECTION 'elastic', 'connector' = 'elastic'); its rows are the @products_ext lines. JoinLab ranks with its own BM25 (k1 = 1.2, b = 0.75; words lowercased and split on anything not a letter or digit), and adds the score to each result as a last field, score DOUBLE; a product with no query word scores 0 and is no result. For 'red shoes' the 3-word 'red running shoes' has both words and comes first; 'blue shoes' and 'red hat' tie (one word each, same length) and keep store order. Confluent does not document its ranking, so scores from a real Elasticsearch differ; the query shape is Confluent's. No .expected file (Confluent-only).
CREATE CONNECTION es WITH (
  'type' = 'elastic',
  'endpoint' = 'https://search.example.com:9200',
  'api-key' = 'secret'
);

CREATE TABLE products_ext (
  product_id INT,
  description STRING
) WITH (
  'connector' = 'elastic',
  'elastic.connection' = 'es',
  'elastic.index' = 'products'
);

CREATE TABLE searches (
  user_name STRING,
  query STRING
);

@products_ext 1 | red running shoes
@products_ext 2 | blue shoes
@products_ext 3 | red hat
@products_ext 4 | green wool socks
@searches ann | red shoes
@searches ben | socks
@searches cat | umbrella

SELECT q.user_name, q.query, r.search_results
FROM searches AS q,
LATERAL TABLE(TEXT_SEARCH_AGG(products_ext, DESCRIPTOR(description), q.query, 2)) AS r;

SELECT q.user_name, r.search_results[1].description AS best, r.search_results[1].score AS best_score
FROM searches AS q,
LATERAL TABLE(TEXT_SEARCH_AGG(products_ext, DESCRIPTOR(description), q.query, 2)) AS r;
