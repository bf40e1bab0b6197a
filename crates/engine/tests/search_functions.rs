//! Confluent's external tables and search functions (KEY_SEARCH_AGG, TEXT_SEARCH_AGG,
//! VECTOR_SEARCH_AGG), CREATE CONNECTION / CREATE MODEL and AI_EMBEDDING / ML_PREDICT. No oracle
//! can run them (they are Confluent Cloud's), so every expectation is derived by hand from
//! /work/shared/WAVE2-RESEARCH.md (cited per test as WAVE2 §n) and the seed "Lookup joins"
//! (Confluent's joins page). Where the sources say nothing, the test pins JoinLab's documented
//! reading (docs/dialects.md, "Search functions").

use joinlab_engine::trace::{Event, QueryTrace, ScriptTrace};
use joinlab_engine::{run_script, Dialect, RunConfig};

fn script(s: &str, trace: bool) -> ScriptTrace {
    run_script(s, &RunConfig { dialect: Dialect::Confluent, trace })
}

fn query(s: &str) -> QueryTrace {
    script(s, true).queries.into_iter().next().expect("one query")
}

/// Every row the first query emits, as the CLI prints it.
fn changelog(s: &str) -> Vec<String> {
    let q = query(s);
    assert!(q.error.is_none(), "{:?}", q.error);
    assert!(q.runtime_error.is_none(), "{:?}", q.runtime_error);
    q.steps.iter().chain(q.end.iter()).flat_map(|st| st.output.iter().map(|o| o.text.clone())).collect()
}

/// The script's first error (a statement's, or the first query's): message, line, column.
fn error(s: &str) -> (String, usize, usize) {
    let t = script(s, false);
    let e = t
        .harness_error
        .clone()
        .or_else(|| t.statements.iter().find_map(|x| x.error.clone()))
        .or_else(|| t.queries.first().and_then(|q| q.error.clone().or_else(|| q.runtime_error.clone())))
        .expect("an error");
    (e.message, e.line.unwrap_or(0), e.column.unwrap_or(0))
}

const JDBC: &str = "CREATE CONNECTION pg WITH ('type' = 'confluent_jdbc', 'endpoint' = 'jdbc:postgresql://db:5432/shop', 'username' = 'u', 'password' = 'p');
CREATE TABLE customers_ext (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'confluent-jdbc', 'confluent-jdbc.connection' = 'pg', 'confluent-jdbc.table-name' = 'customers');
CREATE TABLE orders (order_id INT, customer_id INT);
";

/// The seed's example (Confluent's joins page, "Lookup joins"): DESCRIPTOR names the input's
/// column, the third argument the external table's (WAVE2 §1.1, "Confluent's own example").
/// One output row per input row; `search_results` holds the table's rows (id, name), no score.
#[test]
fn key_search_the_seeds_example() {
    let s = format!(
        "{}SELECT o.*, lookup.* FROM orders AS o,\nLATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(o.customer_id), id)) AS lookup;\n@customers_ext 10 | Alice\n@customers_ext 11 | Bob\n@orders 1 | 10\n@orders 2 | 11\n",
        JDBC
    );
    let q = query(&s);
    let cols: Vec<String> = q.schema.iter().map(|f| format!("{} {}", f.name, f.ty)).collect();
    assert_eq!(
        cols,
        vec!["order_id INT", "customer_id INT", "search_results ARRAY<ROW<`id` INT NOT NULL, `name` STRING>> NOT NULL"]
    );
    assert_eq!(changelog(&s), vec!["+I[1, 10, [(10, Alice)]]", "+I[2, 11, [(11, Bob)]]"]);
}

/// The community form (WAVE2 §1.1): DESCRIPTOR names the external column, the third argument
/// is an expression over the input row. Same rows as the seed's form; the roles are recorded.
#[test]
fn key_search_descriptor_roles_both_ways() {
    let data = "@customers_ext 10 | Alice\n@orders 1 | 9\n";
    let a = format!("{}SELECT order_id, search_results FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), o.customer_id + 1));\n{}", JDBC, data);
    let b = format!("{}SELECT order_id, search_results FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(customer_id), id));\n{}", JDBC, data);
    assert_eq!(changelog(&a), vec!["+I[1, [(10, Alice)]]"]);
    assert_eq!(changelog(&b), vec!["+I[1, []]"], "9 is no id of the store");
    let roles = |s: &str| -> Vec<String> {
        query(s)
            .steps
            .iter()
            .flat_map(|st| st.events.iter())
            .filter_map(|e| match e {
                Event::Lookup { roles, function, .. } => {
                    assert_eq!(function.as_deref(), Some("KEY_SEARCH_AGG"));
                    roles.clone()
                }
                _ => None,
            })
            .collect()
    };
    assert_eq!(roles(&a), vec!["DESCRIPTOR(id) names customers_ext.id; o.customer_id + 1 is the search value"]);
    assert_eq!(
        roles(&b),
        vec!["DESCRIPTOR(customer_id) names the input's column, the search value; id names customers_ext.id"]
    );
}

/// No match and a NULL search value: one row with an empty array (WAVE2 §1.4, candidate (a),
/// JoinLab's reading); a following CROSS JOIN UNNEST drops the row (§1.4).
#[test]
fn no_match_and_null_value_give_an_empty_array() {
    let s = format!(
        "{}SELECT order_id, search_results FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), o.customer_id));\n@customers_ext 10 | Alice\n@orders 1 | 11\n@orders 2 | NULL\n",
        JDBC
    );
    assert_eq!(changelog(&s), vec!["+I[1, []]", "+I[2, []]"]);
    let u = format!(
        "{}SELECT order_id, r.name FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), o.customer_id)) CROSS JOIN UNNEST(search_results) AS r(id, name);\n@customers_ext 10 | Alice\n@orders 1 | 11\n@orders 2 | 10\n",
        JDBC
    );
    assert_eq!(changelog(&u), vec!["+I[2, Alice]"]);
}

/// Without a primary key the store is a multiset: "an array with all rows in the external table
/// that have a matching key" (WAVE2 §1.1), in the order they entered the store.
#[test]
fn key_search_returns_every_matching_row() {
    let s = "CREATE CONNECTION m WITH ('type' = 'mongodb', 'endpoint' = 'mongodb+srv://x', 'username' = 'u', 'password' = 'p');
CREATE TABLE movies_ext (title STRING, `year` INT) WITH ('connector' = 'mongodb', 'mongodb.connection' = 'm', 'mongodb.database' = 'db', 'mongodb.collection' = 'movies', 'mongodb.index' = 'default');
CREATE TABLE people (name STRING, born INT);
SELECT name, search_results FROM people, LATERAL TABLE(KEY_SEARCH_AGG(movies_ext, DESCRIPTOR(`year`), born));
@movies_ext Alien | 1979
@movies_ext Heat | 1995
@movies_ext Apocalypse Now | 1979
@people Ann | 1979
@movies_ext -D Alien | 1979
@people Ben | 1979
";
    assert_eq!(
        changelog(s),
        vec!["+I[Ann, [(Alien, 1979), (Apocalypse Now, 1979)]]", "+I[Ben, [(Apocalypse Now, 1979)]]"]
    );
}

/// The store as it is at lookup time (WAVE2 §1.0: "historical replays may get current data"):
/// an @ line between two lookups changes the later one only; the earlier row is NOT revised.
/// A keyed store replaces the key's row and a -D removes it.
#[test]
fn a_store_change_mid_stream_revises_nothing() {
    let s = format!(
        "{}SELECT order_id, search_results FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), o.customer_id));\n@customers_ext 10 | Alice\n@orders 1 | 10\n@customers_ext 10 | Alicia\n@orders 2 | 10\n@customers_ext -D 10 | Alicia\n@orders 3 | 10\n",
        JDBC
    );
    assert_eq!(changelog(&s), vec!["+I[1, [(10, Alice)]]", "+I[2, [(10, Alicia)]]", "+I[3, []]"]);
}

/// An updating input (seed "Lookup joins": "The querying side … can be an append-only or
/// updating table, and the join produces the same table type"): each row keeps its kind, and a
/// -U/-D is looked up again against the store as it is NOW (here: Alicia, not the Alice its +I
/// met). `orders` has a primary key, so in Confluent's dialect it is an upsert table.
#[test]
fn an_updating_input_is_looked_up_again() {
    let s = "CREATE CONNECTION pg WITH ('type' = 'confluent_jdbc', 'endpoint' = 'jdbc:postgresql://db/shop');
CREATE TABLE customers_ext (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'confluent-jdbc', 'confluent-jdbc.connection' = 'pg');
CREATE TABLE orders (order_id INT, customer_id INT, PRIMARY KEY (order_id) NOT ENFORCED);
SELECT order_id, customer_id, search_results FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), o.customer_id));
@customers_ext 10 | Alice
@orders 1 | 10
@customers_ext 10 | Alicia
@orders 1 | 11
@orders -D 1 | 11
";
    assert_eq!(
        changelog(s),
        vec!["+I[1, 10, [(10, Alice)]]", "-U[1, 10, [(10, Alicia)]]", "+U[1, 11, []]", "-D[1, 11, []]"]
    );
}

const TEXT: &str = "CREATE CONNECTION es WITH ('type' = 'elastic', 'endpoint' = 'https://es:9200', 'api-key' = 'k');
CREATE TABLE products_ext (id INT, description STRING) WITH ('connector' = 'elastic', 'elastic.connection' = 'es', 'elastic.index' = 'products');
CREATE TABLE queries (q STRING);
@products_ext 1 | red running shoes
@products_ext 2 | blue shoes
@products_ext 3 | red hat
@products_ext 4 | green socks
";

fn scores(row: &str) -> Vec<f64> {
    // the last field of each element: `(1, red running shoes, 1.2199…)`
    row.split(')').filter_map(|el| el.rsplit(", ").next().and_then(|x| x.trim().parse::<f64>().ok())).collect()
}

/// TEXT_SEARCH_AGG (WAVE2 §1.2) with JoinLab's BM25 (k1 = 1.2, b = 0.75), by hand:
/// N = 4 documents of 3, 2, 2, 2 tokens: avgdl = 9/4 = 2.25. Query "Red shoes" → red, shoes;
/// each is in 2 documents: idf = ln(1 + (4 − 2 + 0.5)/(2 + 0.5)) = ln 2.
/// * doc 1 (dl 3): each term tf = 1: 2.2 / (1 + 1.2·(0.25 + 0.75·3/2.25)) = 2.2/2.5 = 0.88;
///   score = 2 · 0.88 · ln 2 = 1.76 ln 2 ≈ 1.21994.
/// * doc 2 (dl 2, shoes) and doc 3 (dl 2, red): 2.2 / (1 + 1.2·(0.25 + 0.75·2/2.25)) = 2.2/2.1;
///   score = (22/21) ln 2 ≈ 0.72615 — a tie, kept in store order (2 before 3).
/// * doc 4: no term, score 0: no result.
///
/// limit 2 → docs 1, 2; limit 10 (more than the store) → 1, 2, 3.
#[test]
fn text_search_ranks_by_bm25() {
    let ln2 = 2f64.ln();
    let two = format!("{}SELECT q, search_results FROM queries, LATERAL TABLE(TEXT_SEARCH_AGG(products_ext, DESCRIPTOR(description), q, 2));\n@queries Red shoes\n", TEXT);
    let rows = changelog(&two);
    assert_eq!(rows.len(), 1);
    assert!(rows[0].starts_with("+I[Red shoes, [(1, red running shoes, "), "{}", rows[0]);
    assert!(rows[0].contains("), (2, blue shoes, "), "{}", rows[0]);
    let s = scores(&rows[0]);
    assert_eq!(s.len(), 2);
    assert!((s[0] - 1.76 * ln2).abs() < 1e-12, "{:?}", s);
    assert!((s[1] - 22.0 / 21.0 * ln2).abs() < 1e-12, "{:?}", s);
    let ten = two.replace("q, 2))", "q, 10))");
    let rows = changelog(&ten);
    assert!(rows[0].contains("(2, blue shoes, ") && rows[0].contains("), (3, red hat, "), "{}", rows[0]);
    assert_eq!(scores(&rows[0]).len(), 3);
}

/// No query token in any document, or a NULL query: an empty array (WAVE2 §1.4, JoinLab's
/// reading). Tokens are lowercased and split on non-alphanumerics ("SHOES!!" → shoes).
#[test]
fn text_search_no_match_and_tokenizer() {
    let s = format!("{}SELECT q, CARDINALITY(search_results), search_results[1].id FROM queries, LATERAL TABLE(TEXT_SEARCH_AGG(products_ext, DESCRIPTOR(description), q, 3));\n@queries purple\n@queries NULL\n@queries SHOES!!\n", TEXT);
    // "shoes": docs 1 (dl 3) and 2 (dl 2): the shorter document scores higher (BM25's length
    // normalisation: 2.2/2.1 > 2.2/2.5), so doc 2 is first
    assert_eq!(changelog(&s), vec!["+I[purple, 0, NULL]", "+I[NULL, 0, NULL]", "+I[SHOES!!, 2, 2]"]);
}

const VECTORS: &str = "CREATE CONNECTION pc WITH ('type' = 'pinecone', 'endpoint' = 'https://index.pinecone.io', 'api-key' = 'k');
CREATE TABLE docs_ext (id INT, v ARRAY<FLOAT>) WITH ('connector' = 'pinecone', 'pinecone.connection' = 'pc', 'pinecone.embedding_column' = 'v');
CREATE TABLE probes (name STRING, qv ARRAY<FLOAT>);
INSERT INTO docs_ext VALUES (1, ARRAY[1, 0]), (2, ARRAY[0, 1]), (3, ARRAY[CAST(0.6 AS FLOAT), CAST(0.8 AS FLOAT)]);
";

/// VECTOR_SEARCH_AGG (WAVE2 §1.3) with exact cosine similarity, best first, score = the cosine
/// (`search_results[1].score` is the best match, §1.3 quickstart). Store [1,0], [0,1], [0.6,0.8]:
/// * query [1,0]: cosines 1, 0, 0.6 → limit 2: ids 1 (1.0), 3 (0.6).
/// * query [0.6,0.8]: cosines 0.6, 0.8, 1 → limit 5 (more than the store): 3, 2, 1.
/// * query [1,1]: cosines 1/√2, 1/√2, 1.4/√2 ≈ 0.98995 → 3, then the tie 1, 2 in store order.
///
/// (0.6 and 0.8 are FLOATs: the scores match to float precision, 1e-6.)
#[test]
fn vector_search_ranks_by_cosine() {
    let s = format!(
        "{}INSERT INTO probes VALUES ('x', ARRAY[1, 0]);\nSELECT name, search_results[1].id, search_results[1].score, search_results[2].id, search_results[2].score, CARDINALITY(search_results) FROM probes, LATERAL TABLE(VECTOR_SEARCH_AGG(docs_ext, DESCRIPTOR(v), qv, 2));\n",
        VECTORS
    );
    let q = query(&s);
    assert!(q.error.is_none() && q.runtime_error.is_none(), "{:?} {:?}", q.error, q.runtime_error);
    let rows = q.materialized_bounded.unwrap_or_default();
    assert_eq!(rows.len(), 1);
    let f: Vec<&str> = rows[0].trim_matches(|c| c == '[' || c == ']').split(", ").collect();
    assert_eq!((f[0], f[1], f[3], f[5]), ("x", "1", "3", "2"), "{}", rows[0]);
    assert!((f[2].parse::<f64>().unwrap_or(0.0) - 1.0).abs() < 1e-6, "{}", rows[0]);
    assert!((f[4].parse::<f64>().unwrap_or(0.0) - 0.6).abs() < 1e-6, "{}", rows[0]);

    let all = |probe: &str| -> Vec<String> {
        let s = format!(
            "{}INSERT INTO probes VALUES ('p', {});\nSELECT r.id, r.score FROM probes, LATERAL TABLE(VECTOR_SEARCH_AGG(docs_ext, DESCRIPTOR(v), qv, 5)) CROSS JOIN UNNEST(search_results) AS r(id, v, score);\n",
            VECTORS, probe
        );
        changelog(&s).into_iter().map(|r| r.trim_start_matches("+I").to_string()).collect::<Vec<_>>()
    };
    let got = all("ARRAY[CAST(0.6 AS FLOAT), CAST(0.8 AS FLOAT)]");
    let ids: Vec<&str> = got.iter().map(|r| r[1..].split(',').next().unwrap_or("")).collect();
    assert_eq!(ids, vec!["3", "2", "1"], "{:?}", got);
    let got = all("ARRAY[1, 1]");
    let ids: Vec<&str> = got.iter().map(|r| r[1..].split(',').next().unwrap_or("")).collect();
    assert_eq!(ids, vec!["3", "1", "2"], "{:?}", got);
    let sc: Vec<f64> =
        got.iter().filter_map(|r| r.trim_end_matches(']').rsplit(", ").next().and_then(|x| x.parse().ok())).collect();
    let h = std::f64::consts::FRAC_1_SQRT_2;
    assert!((sc[0] - 1.4 * h).abs() < 1e-6 && (sc[1] - h).abs() < 1e-6 && (sc[2] - h).abs() < 1e-6, "{:?}", sc);
}

/// JoinLab's decision (docs/dialects.md): a zero search vector, or a store row whose vector has
/// another dimension, is a runtime error naming the row; a NULL search vector finds nothing.
#[test]
fn vector_search_zero_or_mismatched_vectors_fail() {
    let q = |probe: &str| {
        format!(
            "{}INSERT INTO probes VALUES ('p', {});\nSELECT name, search_results FROM probes, LATERAL TABLE(VECTOR_SEARCH_AGG(docs_ext, DESCRIPTOR(v), qv, 2));\n",
            VECTORS, probe
        )
    };
    let runtime = |s: &str| query(s).runtime_error.map(|e| e.text).unwrap_or_default();
    let m = runtime(&q("ARRAY[0, 0]"));
    assert!(m.contains("the search vector is a zero vector"), "{}", m);
    let m = runtime(&q("ARRAY[1, 0, 0]"));
    assert!(
        m.contains("dimension mismatch: the search vector has 3 components, the row's 2 (store row [1, [1.0, 0.0]])"),
        "{}",
        m
    );
    assert_eq!(changelog(&q("CAST(NULL AS ARRAY<FLOAT>)")), vec!["+I[p, []]"]);
}

const MODEL: &str = "CREATE CONNECTION oai WITH ('type' = 'openai', 'endpoint' = 'https://api.openai.com/v1/embeddings', 'api-key' = 'k');
CREATE MODEL embedder INPUT (txt STRING) OUTPUT (embedding ARRAY<FLOAT>) WITH ('provider' = 'openai', 'openai.connection' = 'oai', 'task' = 'embedding');
CREATE TABLE notes (id INT, txt STRING);
";

/// AI_EMBEDDING (WAVE2 §3) as a lateral table function, its column named by the model's OUTPUT:
/// JoinLab's deterministic embedding — the same words (any case, any punctuation) give the same
/// vector, 64 components, norm 1; a note says it is no neural model. ML_PREDICT (Confluent's
/// form) gives the same.
#[test]
fn ai_embedding_is_deterministic() {
    let s = format!("{}SELECT id, e.embedding FROM notes, LATERAL TABLE(AI_EMBEDDING('embedder', txt)) AS e;\n@notes 1 | Red shoes\n@notes 2 | red, SHOES!\n@notes 3 | NULL\n", MODEL);
    let q = query(&s);
    assert_eq!(q.schema.last().map(|f| f.name.as_str()), Some("embedding"));
    assert!(q.notes.iter().any(|n| n.contains("not a neural model")), "{:?}", q.notes);
    let rows = changelog(&s);
    let vec_of = |r: &str| -> Vec<f64> {
        let inner = r.split_once(", [").map(|x| x.1).unwrap_or("").trim_end_matches("]]");
        inner.split(", ").filter_map(|x| x.parse().ok()).collect()
    };
    let (a, b) = (vec_of(&rows[0]), vec_of(&rows[1]));
    assert_eq!(a.len(), 64);
    assert_eq!(a, b);
    assert!((a.iter().map(|x| x * x).sum::<f64>() - 1.0).abs() < 1e-5);
    assert_eq!(rows[2], "+I[3, NULL]");
    let p = s.replace("AI_EMBEDDING('embedder', txt)", "ML_PREDICT('embedder', txt)");
    assert_eq!(changelog(&p), rows);
}

/// RAG-style (WAVE2 §1.3, §3: embed in one LATERAL TABLE, search with the alias's column): the
/// store holds the embeddings of two texts (written as literals, taken from AI_EMBEDDING); a
/// question with the same words as document 2 finds it first with cosine 1.
#[test]
fn vector_search_over_embedded_text() {
    let emb = |text: &str| -> String {
        let s = format!(
            "{}SELECT e.embedding FROM notes, LATERAL TABLE(AI_EMBEDDING('embedder', txt)) AS e;\n@notes 1 | {}\n",
            MODEL, text
        );
        let r = changelog(&s).remove(0);
        format!("ARRAY[{}]", r.trim_start_matches("+I[").trim_end_matches(']').trim_start_matches('['))
    };
    let (d1, d2) = (emb("flink watermarks"), emb("kafka topics and partitions"));
    let s = format!(
        "{}CREATE CONNECTION mdb WITH ('type' = 'mongodb', 'endpoint' = 'mongodb+srv://x');
CREATE TABLE kb_ext (doc STRING, vec ARRAY<FLOAT>) WITH ('connector' = 'mongodb', 'mongodb.connection' = 'mdb', 'mongodb.embedding_column' = 'vec', 'mongodb.numCandidates' = '100');
CREATE TABLE questions (q STRING);
INSERT INTO kb_ext VALUES ('flink watermarks', {}), ('kafka topics and partitions', {});
INSERT INTO questions VALUES ('Kafka: topics and partitions?');
SELECT q, search_results[1].doc, search_results[1].score FROM questions, LATERAL TABLE(AI_EMBEDDING('embedder', q)) AS e, LATERAL TABLE(VECTOR_SEARCH_AGG(kb_ext, DESCRIPTOR(vec), e.embedding, 1));
",
        MODEL, d1, d2
    );
    let q = query(&s);
    assert!(q.error.is_none() && q.runtime_error.is_none(), "{:?} {:?}", q.error, q.runtime_error);
    let rows = q.materialized_bounded.unwrap_or_default();
    assert!(rows[0].starts_with("[Kafka: topics and partitions?, kafka topics and partitions, "), "{:?}", rows);
    let score: f64 = rows[0].trim_end_matches(']').rsplit(", ").next().and_then(|x| x.parse().ok()).unwrap_or(0.0);
    assert!((score - 1.0).abs() < 1e-6, "{}", score);
}

/// `AS T(search_results)`, `AS lookup(res)`, and element access `res[1].name` (WAVE2 §1.1:
/// "Aliasing works"); the table named by a string literal (§1.3 docs example); the MAP of
/// options accepted (§1.1) and changing nothing.
#[test]
fn aliases_string_table_name_and_map_options() {
    let s = format!(
        "{}SELECT order_id, lk.res[1].name FROM orders AS o CROSS JOIN LATERAL TABLE(KEY_SEARCH_AGG('customers_ext', DESCRIPTOR(id), o.customer_id, MAP['async_enabled', true, 'client_timeout', 30, 'debug', false, 'max_parallelism', 10, 'retry_count', 3, 'retry_error_list', '500,503'])) AS lk(res);\n@customers_ext 10 | Alice\n@orders 1 | 10\n",
        JDBC
    );
    assert_eq!(changelog(&s), vec!["+I[1, Alice]"]);
}

/// Provider × search type (WAVE2 §2.3): Pinecone offers only vector search, Confluent JDBC and
/// REST only key search, Elastic no key search. Errors at the call's line and column.
#[test]
fn provider_and_search_type_must_fit() {
    let s = format!(
        "{}SELECT * FROM orders AS o,\n  LATERAL TABLE(TEXT_SEARCH_AGG(customers_ext, DESCRIPTOR(name), 'x', 3));\n",
        JDBC
    );
    let (m, l, c) = error(&s);
    assert_eq!(
        m,
        "TEXT_SEARCH_AGG is not available for connector 'confluent-jdbc': Confluent offers text search for mongodb, elastic, couchbase (WAVE2 §2.3)"
    );
    assert_eq!((l, c), (5, 17));
    let p = format!("{}SELECT * FROM docs_ext_probe;\n", VECTORS).replace(
        "SELECT * FROM docs_ext_probe",
        "SELECT * FROM probes, LATERAL TABLE(KEY_SEARCH_AGG(docs_ext, DESCRIPTOR(id), 1))",
    );
    let (m, _, _) = error(&p);
    assert!(m.starts_with("KEY_SEARCH_AGG is not available for connector 'pinecone': Confluent offers key search for confluent-jdbc, mongodb, couchbase, rest"), "{}", m);
    let e = TEXT.replace("(q STRING)", "(q STRING, n INT)")
        + "SELECT * FROM queries, LATERAL TABLE(KEY_SEARCH_AGG(products_ext, DESCRIPTOR(id), n));\n";
    let (m, _, _) = error(&e);
    assert!(m.starts_with("KEY_SEARCH_AGG is not available for connector 'elastic'"), "{}", m);
    let r = "CREATE CONNECTION api WITH ('type' = 'rest', 'endpoint' = 'https://api.example.com');
CREATE TABLE books (q STRING, title STRING, PRIMARY KEY (q) NOT ENFORCED) WITH ('connector' = 'rest', 'rest.connection' = 'api', 'rest.method' = 'GET', 'rest.path' = 'search.json');
CREATE TABLE asks (q STRING, v ARRAY<FLOAT>);
SELECT * FROM asks, LATERAL TABLE(VECTOR_SEARCH_AGG(books, DESCRIPTOR(title), v, 1));
";
    let (m, _, _) = error(r);
    assert!(m.starts_with("VECTOR_SEARCH_AGG is not available for connector 'rest'"), "{}", m);
    // couchbase offers all three (§2.3)
    let cb = "CREATE CONNECTION cb WITH ('type' = 'COUCHBASE', 'endpoint' = 'couchbases://cb.example.com', 'username' = 'u', 'password' = 'p');
CREATE TABLE hotels (name STRING, about STRING) WITH ('connector' = 'couchbase', 'couchbase.connection' = 'cb');
CREATE TABLE asks (q STRING);
SELECT q, search_results FROM asks, LATERAL TABLE(TEXT_SEARCH_AGG(hotels, DESCRIPTOR(about), q, 1));
@hotels Ritz | quiet rooms
@asks quiet
";
    let rows = changelog(cb);
    assert!(rows[0].starts_with("+I[quiet, [(Ritz, quiet rooms, "), "{:?}", rows);
}

/// The DDL's checks (WAVE2 §2.1, §2.2): a known connection type, an existing connection, the
/// connector's own options (an unknown one lists the known ones), each with line and column.
#[test]
fn ddl_errors() {
    let (m, l, c) = error("CREATE CONNECTION c1 WITH ('type' = 'oracle_db', 'endpoint' = 'x');\n");
    assert!(m.starts_with("Unknown connection type 'oracle_db' for connection 'c1'. Known types: azureml, azureopenai, bedrock, confluent_jdbc"), "{}", m);
    assert_eq!((l, c), (1, 22));
    let (m, _, _) = error("CREATE CONNECTION c1 WITH ('endpoint' = 'x');\n");
    assert!(m.contains("needs a 'type' option"), "{}", m);
    let (m, l, c) = error("CREATE TABLE t (a INT) WITH ('connector' = 'mongodb', 'mongodb.connection' = 'nope');\n");
    assert!(m.starts_with("Connection 'nope' does not exist"), "{}", m);
    assert_eq!((l, c), (1, 14));
    let (m, _, _) = error(
        "CREATE CONNECTION m WITH ('type' = 'mongodb', 'endpoint' = 'x');\nCREATE TABLE t (a INT) WITH ('connector' = 'mongodb', 'mongodb.connection' = 'm', 'mongodb.shards' = '3');\n",
    );
    assert_eq!(m, "Unsupported option 'mongodb.shards' for the mongodb external table 't'. Supported options: 'mongodb.connection', 'mongodb.database', 'mongodb.collection', 'mongodb.index', 'mongodb.embedding_column', 'mongodb.numCandidates'");
    let (m, _, _) = error("CREATE CONNECTION m WITH ('type' = 'mongodb', 'endpoint' = 'x');\nCREATE TABLE t (a INT) WITH ('connector' = 'mongodb');\n");
    assert!(m.contains("needs the option 'mongodb.connection'"), "{}", m);
    let (m, _, _) = error("CREATE CONNECTION m WITH ('type' = 'mongodb', 'endpoint' = 'x');\nCREATE CONNECTION m WITH ('type' = 'mongodb', 'endpoint' = 'y');\n");
    assert_eq!(m, "Connection 'm' already exists");
    // OR REPLACE and IF NOT EXISTS (§2.1 syntax); a hyphenated name (§1.3's docs example)
    let ok = "CREATE CONNECTION elastic-connection WITH ('type' = 'elastic', 'endpoint' = 'x', 'api-key' = 'k');
CREATE OR REPLACE CONNECTION elastic-connection COMMENT 'again' WITH ('type' = 'elastic', 'endpoint' = 'y');
CREATE CONNECTION IF NOT EXISTS elastic-connection WITH ('type' = 'elastic', 'endpoint' = 'z');
CREATE TABLE elastic (vector ARRAY<FLOAT>, text STRING) WITH ('connector' = 'elastic', 'elastic.connection' = 'elastic-connection', 'elastic.index' = 'vector-search-index');
CREATE TABLE embedding_output (text STRING, embedding ARRAY<FLOAT>);
INSERT INTO elastic VALUES (ARRAY[1, 5, -20], 'hello');
INSERT INTO embedding_output VALUES ('hello world', ARRAY[1, 5, -20]);
SELECT * FROM embedding_output, LATERAL TABLE(VECTOR_SEARCH_AGG('elastic', DESCRIPTOR(embedding), embedding, 3));
";
    // the docs' own example (§1.3): DESCRIPTOR(embedding) is no column of `elastic`, so it is
    // the input's, and the next argument must name the table's column: it does not (`embedding`)
    let (m, _, _) = error(ok);
    assert!(m.starts_with("DESCRIPTOR(embedding) of VECTOR_SEARCH_AGG names a column of the input, so the next argument must name a column of the external table elastic (its columns: vector, text), but was embedding"), "{}", m);
    let fixed = ok.replace("DESCRIPTOR(embedding), embedding, 3", "DESCRIPTOR(vector), embedding, 3");
    let rows = changelog(&fixed);
    assert!(rows[0].starts_with("+I[hello world, [1.0, 5.0, -20.0], [([1.0, 5.0, -20.0], hello, "), "{:?}", rows);
}

/// The MAP's keys and types (WAVE2 §1.1), the limit (a positive INT literal), DESCRIPTOR's one
/// column (§1.1: "Key search supports only a single column"), the value's type.
#[test]
fn argument_errors() {
    let call = |args: &str| format!("{}SELECT * FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG({}));\n", JDBC, args);
    let (m, l, c) = error(&call("customers_ext, DESCRIPTOR(id), o.customer_id, MAP['retries', 3]"));
    assert_eq!(m, "Unknown option 'retries' in the MAP of KEY_SEARCH_AGG. Known options: async_enabled (BOOLEAN), client_timeout (INT), debug (BOOLEAN), max_parallelism (INT), retry_count (INT), retry_error_list (STRING)");
    assert_eq!((l, c), (4, 107));
    let (m, _, _) = error(&call("customers_ext, DESCRIPTOR(id), o.customer_id, MAP['client_timeout', 'soon']"));
    assert_eq!(m, "Option 'client_timeout' of KEY_SEARCH_AGG must be a INT, but was 'soon' of type CHAR(4) NOT NULL");
    let (m, _, _) = error(&call("customers_ext, DESCRIPTOR(id, name), o.customer_id"));
    assert!(m.starts_with("KEY_SEARCH_AGG searches a single column: DESCRIPTOR names 2"), "{}", m);
    let (m, _, _) = error(&call("customers_ext, DESCRIPTOR(nope), o.customer_id"));
    assert_eq!(m, "DESCRIPTOR(nope) of KEY_SEARCH_AGG names no column of the external table customers_ext (its columns: id, name) nor of the input");
    let (m, _, _) = error(&call("customers_ext, DESCRIPTOR(id), 'ten'"));
    assert!(
        m.starts_with(
            "KEY_SEARCH_AGG compares customers_ext.id of type INT NOT NULL with a search value of type CHAR(3)"
        ),
        "{}",
        m
    );
    let (m, _, _) = error(&call("customers_ext, DESCRIPTOR(id)"));
    assert!(m.contains("Invalid number of arguments to function 'KEY_SEARCH_AGG'. Was expecting 3 arguments"), "{}", m);
    for bad in ["0", "-1", "2.5", "o.customer_id"] {
        let s = format!(
            "{}SELECT * FROM queries, LATERAL TABLE(TEXT_SEARCH_AGG(products_ext, DESCRIPTOR(description), q, {}));\n",
            TEXT, bad
        );
        let (m, l, _) = error(&s);
        assert!(m.starts_with("The limit of TEXT_SEARCH_AGG must be a positive INT literal, but was"), "{}", m);
        assert_eq!(l, 8);
    }
    let (m, _, _) = error(&call("customers, DESCRIPTOR(id), o.customer_id").replace("customers, ", "orders, "));
    assert!(m.starts_with("KEY_SEARCH_AGG searches an external table, and 'orders' is not one"), "{}", m);
}

/// External tables are "read-only. You query them from your streaming pipeline but do not
/// write to them." (WAVE2 §2.1): INSERT … SELECT into one fails; a query never scans one (not
/// supported yet). Their rows come only from the script (VALUES and @ lines).
#[test]
fn external_tables_are_read_only_and_not_scanned() {
    let (m, l, c) = error(&format!("{}INSERT INTO customers_ext SELECT customer_id, 'x' FROM orders;\n", JDBC));
    assert!(m.starts_with("The external table 'customers_ext' is read-only: a query cannot write to it"), "{}", m);
    assert_eq!((l, c), (4, 13));
    let (m, _, _) = error(&format!("{}SELECT * FROM customers_ext;\n", JDBC));
    assert!(m.starts_with("not supported yet: reading the external table 'customers_ext' in FROM"), "{}", m);
}

/// CREATE MODEL (WAVE2 §3): `task` is required; only 'embedding' computes (others: not
/// supported yet); an unknown model; a second CREATE MODEL of a name is its new version.
#[test]
fn model_errors() {
    let (m, _, _) = error("CREATE MODEL m INPUT (t STRING) OUTPUT (e ARRAY<FLOAT>) WITH ('provider' = 'openai');\n");
    assert!(m.contains("'task' is a required property"), "{}", m);
    let cls = MODEL.replace("'task' = 'embedding'", "'task' = 'classification'")
        + "SELECT * FROM notes, LATERAL TABLE(ML_PREDICT('embedder', txt));\n";
    let (m, _, _) = error(&cls);
    assert!(m.starts_with("not supported yet: ML_PREDICT of the model 'embedder' of task 'classification'"), "{}", m);
    let (m, _, _) = error(&format!("{}SELECT * FROM notes, LATERAL TABLE(AI_EMBEDDING('other', txt));\n", MODEL));
    assert_eq!(m, "Model 'other' does not exist (CREATE MODEL it first)");
    let (m, _, _) = error(&format!("{}SELECT * FROM notes, LATERAL TABLE(AI_EMBEDDING('embedder', id));\n", MODEL));
    assert_eq!(m, "AI_EMBEDDING embeds a STRING, but the argument id is INT");
    let v2 = format!("{}CREATE MODEL embedder INPUT (txt STRING) OUTPUT (vec ARRAY<FLOAT>) WITH ('provider' = 'openai', 'task' = 'embedding');\nSELECT * FROM notes, LATERAL TABLE(AI_EMBEDDING('embedder', txt));\n", MODEL);
    assert_eq!(query(&v2).schema.last().map(|f| f.name.clone()), Some("vec".to_string()));
    let (m, _, _) = error(&format!(
        "{}SELECT * FROM notes, LATERAL TABLE(AI_EMBEDDING('embedder', txt, MAP['temperature', 1]));\n",
        MODEL
    ));
    assert!(m.starts_with("Unknown option 'temperature' in the MAP of AI_EMBEDDING"), "{}", m);
}

/// The trace (docs/trace.md, version 7): `lookup` events carry `function`, `roles` and each
/// result's `score`; `lookup_store` records the store's changes; the same script gives the same
/// trace bytes twice.
#[test]
fn trace_fields_and_determinism() {
    let s = format!("{}SELECT q, search_results FROM queries, LATERAL TABLE(TEXT_SEARCH_AGG(products_ext, DESCRIPTOR(description), q, 1));\n@queries hat\n", TEXT);
    let t = script(&s, true);
    let events: Vec<&Event> = t.queries[0].steps.iter().flat_map(|st| st.events.iter()).collect();
    assert_eq!(events.iter().filter(|e| matches!(e, Event::LookupStore { .. })).count(), 4);
    let look = events.iter().find_map(|e| match e {
        Event::Lookup { function, found, key, .. } => Some((function.clone(), found.clone(), key.clone())),
        _ => None,
    });
    let (function, found, key) = look.expect("a lookup");
    assert_eq!(function.as_deref(), Some("TEXT_SEARCH_AGG"));
    assert_eq!(key, vec!["hat"]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].row, vec!["3", "red hat"]);
    // hat: N = 4, n = 1: idf = ln(1 + 3.5/1.5); dl 2: 2.2/2.1
    let want = (1.0f64 + 3.5 / 1.5).ln() * 2.2 / 2.1;
    let got: f64 = found[0].score.as_deref().and_then(|x| x.parse().ok()).unwrap_or(0.0);
    assert!((got - want).abs() < 1e-12, "{} vs {}", got, want);
    let a = serde_json::to_string(&t).unwrap_or_default();
    let b = serde_json::to_string(&script(&s, true)).unwrap_or_default();
    assert!(!a.is_empty());
    assert_eq!(a, b);
    assert!(a.contains("\"function\":\"TEXT_SEARCH_AGG\""));
}

/// EXPLAIN: Confluent's plan text is not known, so JoinLab prints its own operator
/// (`JoinLabSearch`), never a pretended Flink line.
#[test]
fn explain_prints_joinlabs_own_operator() {
    let s = format!("{}EXPLAIN SELECT order_id, search_results FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), o.customer_id));\n", JDBC);
    let t = script(&s, false);
    let text = &t.statements[0].text;
    assert!(
        text.contains("JoinLabSearch(invocation=[KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), customer_id)], connector=[confluent-jdbc]"),
        "{}",
        text
    );
}

/// The flink dialect has no search functions and no CREATE CONNECTION (Confluent's).
#[test]
fn the_flink_dialect_says_not_supported_yet() {
    let t = run_script(
        "CREATE CONNECTION pg WITH ('type' = 'confluent_jdbc', 'endpoint' = 'x');\n",
        &RunConfig { dialect: Dialect::Flink, trace: false },
    );
    let m = t.harness_error.map(|e| e.message).unwrap_or_default();
    assert!(m.starts_with("not supported yet: CREATE CONNECTION in the flink dialect"), "{}", m);
    // Flink 2.2+'s VECTOR_SEARCH (WAVE2 §4.1) and ML_PREDICT(TABLE …) (§4.2): not supported yet,
    // never Calcite's "No match found" (Flink knows them)
    let t = run_script(
        "CREATE TABLE q (v ARRAY<FLOAT>);\nCREATE TABLE d (v ARRAY<FLOAT>);\nSELECT * FROM q, LATERAL TABLE(VECTOR_SEARCH(TABLE d, DESCRIPTOR(v), q.v, 2));\n",
        &RunConfig { dialect: Dialect::Flink, trace: false },
    );
    let m = t.queries.first().and_then(|q| q.error.clone()).map(|e| e.message).unwrap_or_default();
    // (a valid call: Flink runs it only on a VectorSearchTableSource, none ships)
    assert!(m.starts_with("not supported yet: Flink's VECTOR_SEARCH on table d"), "{}", m);
    // a search function needs rows to run for
    let (m, l, c) =
        error(&format!("{}SELECT * FROM LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), 1));\n", JDBC));
    assert!(m.starts_with("not supported yet: KEY_SEARCH_AGG as the first item of FROM"), "{}", m);
    assert_eq!((l, c), (4, 23));
}

/// Parse errors of Confluent's DDL (WAVE2 §2.1, §3 syntax) and validation errors, each with its
/// line and column.
#[test]
fn ddl_parse_errors_have_positions() {
    let (m, l, c) = error("CREATE CONNECTION c1 ('type' = 'rest', 'endpoint' = 'x');\n");
    assert_eq!(m, "SQL parse failed. Encountered \"(\", was expecting WITH");
    assert_eq!((l, c), (1, 22));
    let (m, l, c) = error("\nCREATE MODEL m INPUT (t STRING) OUTPUT (e ARRAY<FLOAT>) WITH ('task' = 'embedding');\n");
    assert_eq!(m, "CREATE MODEL m: the 'provider' option is missing");
    assert_eq!((l, c), (2, 57));
    let (m, _, _) = error("CREATE MODEL m INPUT (t STRING) WITH ('provider' = 'openai', 'task' = 'dreaming');\n");
    assert!(m.starts_with("CREATE MODEL m: unknown task 'dreaming'"), "{}", m);
    let (m, _, _) = error("CREATE MODEL m INPUT (t STRING) WITH ('provider' = 'openai', 'task' = 'embedding', 'openai.connection' = 'none');\n");
    assert!(m.starts_with("Connection 'none' does not exist"), "{}", m);
    let (_, l, c) = error(&format!(
        "{}SELECT * FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(nope), o.customer_id));\n",
        JDBC
    ));
    assert_eq!((l, c), (4, 72));
    let (_, l, c) = error(&format!(
        "{}SELECT * FROM orders AS o, LATERAL TABLE(KEY_SEARCH_AGG(nothing, DESCRIPTOR(id), o.customer_id));\n",
        JDBC
    ));
    assert_eq!((l, c), (4, 57));
}
