-- title: RAG-style retrieval (Confluent): AI_EMBEDDING, then VECTOR_SEARCH_AGG over a document store
-- about: The retrieval half of a RAG pipeline, in Confluent's two steps: LATERAL TABLE(AI_EMBEDDING('embedder', q.question)) turns each question into a vector (the model's OUTPUT column, embedding), then LATERAL TABLE(VECTOR_SEARCH_AGG(docs_ext, DESCRIPTOR(embedding), e.embedding, 2)) finds the 2 most similar documents, best first, each with its score (the cosine similarity). The model is NOT a neural network: JoinLab computes a built-in deterministic embedding (hashed character trigrams of the lowercased words, 64 dimensions, L2-normalised), so questions that share words and word pieces with a document land near it. The document store is a MongoDB vector index (external table); its vectors are the same embedding of each document's text, written out as literals (rounded to 3 decimals) as an earlier pipeline would have stored them. "how do watermarks track event time" finds document 1; "kafka partitions" finds document 2; "when is old state removed" finds document 3. No .expected file (Confluent-only).
CREATE CONNECTION openai_conn WITH (
  'type' = 'openai',
  'endpoint' = 'https://api.openai.com/v1/embeddings',
  'api-key' = 'secret'
);

CREATE MODEL embedder
INPUT (txt STRING)
OUTPUT (embedding ARRAY<FLOAT>)
WITH ('provider' = 'openai', 'openai.connection' = 'openai_conn', 'task' = 'embedding');

CREATE CONNECTION atlas WITH (
  'type' = 'mongodb',
  'endpoint' = 'mongodb+srv://cluster0.example.mongodb.net',
  'username' = 'reader',
  'password' = 'secret'
);

CREATE TABLE docs_ext (
  doc_id INT,
  chunk STRING,
  embedding ARRAY<DOUBLE>
) WITH (
  'connector' = 'mongodb',
  'mongodb.connection' = 'atlas',
  'mongodb.database' = 'kb',
  'mongodb.collection' = 'docs',
  'mongodb.index' = 'vector_index',
  'mongodb.embedding_column' = 'embedding',
  'mongodb.numCandidates' = '100'
);

CREATE TABLE questions (
  user_name STRING,
  question STRING
);

INSERT INTO docs_ext VALUES
  (1, 'A watermark tells Flink how far event time has progressed', ARRAY[0.115, 0, 0, 0.115, 0, 0.115, 0, 0.115, 0, 0, 0, 0.229, 0.115, 0.115, 0, 0, 0.115, 0.115, 0, 0.229, 0, 0.115, 0, 0.115, 0.229, 0.229, 0.115, 0.115, 0.115, 0, 0.229, 0, 0, 0.229, 0.115, 0.115, 0, 0, 0, 0, 0, 0.115, 0.229, 0.229, 0, 0, 0.229, 0.115, 0, 0, 0.229, 0.115, 0.115, 0, 0, 0.115, 0.229, 0, 0.229, 0.229, 0, 0.229, 0, 0]),
  (2, 'A Kafka topic is split into partitions', ARRAY[0, 0, 0.147, 0.295, 0, 0.147, 0, 0.147, 0, 0.147, 0.147, 0, 0, 0.147, 0, 0.147, 0.147, 0, 0, 0, 0, 0.147, 0.147, 0, 0, 0.147, 0, 0, 0, 0.147, 0.295, 0.147, 0, 0, 0, 0, 0, 0.147, 0, 0, 0.147, 0, 0, 0, 0, 0, 0.442, 0, 0.147, 0, 0.147, 0, 0, 0.147, 0.295, 0, 0, 0.295, 0, 0.147, 0.147, 0, 0.147, 0]),
  (3, 'State TTL removes state that was not updated for a while', ARRAY[0, 0.118, 0.236, 0.236, 0, 0.236, 0.118, 0.236, 0.118, 0.118, 0.118, 0, 0.118, 0, 0.118, 0.118, 0.354, 0, 0.118, 0, 0, 0.118, 0.236, 0.354, 0, 0.236, 0.118, 0.118, 0, 0, 0.118, 0.118, 0, 0, 0.118, 0, 0, 0.118, 0, 0.236, 0, 0.118, 0.118, 0.118, 0, 0, 0, 0, 0, 0.118, 0.118, 0, 0, 0.118, 0, 0, 0, 0.118, 0.118, 0, 0, 0.118, 0.118, 0]);

INSERT INTO questions VALUES
  ('ann', 'how do watermarks track event time'),
  ('ben', 'kafka partitions'),
  ('cat', 'when is old state removed');

SELECT q.user_name, q.question,
       vs.search_results[1].doc_id AS doc_1, vs.search_results[1].score AS score_1,
       vs.search_results[2].doc_id AS doc_2, vs.search_results[2].score AS score_2
FROM questions AS q,
LATERAL TABLE(AI_EMBEDDING('embedder', q.question)) AS e,
LATERAL TABLE(VECTOR_SEARCH_AGG(docs_ext, DESCRIPTOR(embedding), e.embedding, 2)) AS vs;
