//! What completion offers besides the script's own names: keywords, functions with their
//! signatures, the window table functions, SET keys with their values, hints, connectors. Each
//! list holds what the engine runs (a function it does not bind is not offered).

/// Keywords, most used first.
pub const KEYWORDS: &[&str] = &[
    "SELECT",
    "FROM",
    "WHERE",
    "JOIN",
    "LEFT JOIN",
    "RIGHT JOIN",
    "FULL OUTER JOIN",
    "INNER JOIN",
    "CROSS JOIN",
    "ON",
    "AND",
    "OR",
    "NOT",
    "AS",
    "GROUP BY",
    "ORDER BY",
    "HAVING",
    "UNION ALL",
    "DISTINCT",
    "BETWEEN",
    "IN",
    "EXISTS",
    "IS NULL",
    "IS NOT NULL",
    "CASE",
    "WHEN",
    "THEN",
    "ELSE",
    "END",
    "INSERT INTO",
    "VALUES",
    "CREATE TABLE",
    "CREATE VIEW",
    "CREATE FUNCTION",
    "WITH",
    "WATERMARK FOR",
    "PRIMARY KEY",
    "NOT ENFORCED",
    "INTERVAL",
    "TIMESTAMP",
    "FOR SYSTEM_TIME AS OF",
    "LATERAL TABLE",
    "UNNEST",
    "WITH ORDINALITY",
    "DESCRIPTOR",
    "PARTITION BY",
    "OVER",
    "ROWS BETWEEN",
    "PRECEDING",
    "CURRENT ROW",
    "LIMIT",
    "SET",
    "EXPLAIN",
    "DESCRIBE",
    "SHOW TABLES",
    "SHOW CREATE TABLE",
    "USE CATALOG",
    "TRUE",
    "FALSE",
    "NULL",
];

/// Functions: name, signature, what it returns.
pub const FUNCTIONS: &[(&str, &str, &str)] = &[
    ("COUNT", "COUNT(*) | COUNT([DISTINCT] expr)", "BIGINT: rows (non-NULL values)"),
    ("SUM", "SUM(expr)", "the sum of the group's values"),
    ("MIN", "MIN(expr)", "the smallest value"),
    ("MAX", "MAX(expr)", "the largest value"),
    ("AVG", "AVG(expr)", "the average"),
    ("COLLECT", "COLLECT(expr)", "MULTISET of the group's values"),
    ("ARRAY_AGG", "ARRAY_AGG(expr)", "ARRAY of the group's values"),
    ("LISTAGG", "LISTAGG(expr [, separator])", "STRING: the values joined"),
    ("ROW_NUMBER", "ROW_NUMBER() OVER (PARTITION BY … ORDER BY …)", "BIGINT: Top-N and deduplication"),
    ("CAST", "CAST(expr AS type)", "the value as another type"),
    ("TRY_CAST", "TRY_CAST(expr AS type)", "the value as another type, NULL when it cannot be"),
    ("COALESCE", "COALESCE(a, b, …)", "the first non-NULL argument"),
    ("NULLIF", "NULLIF(a, b)", "NULL when a = b, else a"),
    ("IF", "IF(condition, then, else)", "one of two values"),
    ("GREATEST", "GREATEST(a, b, …)", "the largest argument"),
    ("CONCAT", "CONCAT(s1, s2, …)", "STRING"),
    ("CONCAT_WS", "CONCAT_WS(separator, s1, s2, …)", "STRING"),
    ("UPPER", "UPPER(s)", "STRING in upper case"),
    ("CHAR_LENGTH", "CHAR_LENGTH(s)", "INT: characters"),
    ("ABS", "ABS(n)", "the absolute value"),
    ("ROUND", "ROUND(n [, digits])", "n rounded"),
    ("POWER", "POWER(a, b)", "DOUBLE: a to the power b"),
    ("SQRT", "SQRT(n)", "DOUBLE"),
    ("MOD", "MOD(a, b)", "the remainder"),
    ("DATE_FORMAT", "DATE_FORMAT(timestamp, 'yyyy-MM-dd HH:mm:ss')", "STRING"),
    ("TO_TIMESTAMP", "TO_TIMESTAMP(string [, format])", "TIMESTAMP(3)"),
    ("TO_TIMESTAMP_LTZ", "TO_TIMESTAMP_LTZ(epoch, precision)", "TIMESTAMP_LTZ(3)"),
    ("UNIX_TIMESTAMP", "UNIX_TIMESTAMP([string [, format]])", "BIGINT: seconds since 1970"),
    ("PROCTIME", "PROCTIME()", "TIMESTAMP_LTZ(3): processing time (a processing-time attribute)"),
    ("CURRENT_WATERMARK", "CURRENT_WATERMARK(rowtime)", "the watermark of the input, NULL before the first"),
    ("SOURCE_WATERMARK", "SOURCE_WATERMARK()", "in WATERMARK FOR: the source's own watermark"),
    ("CARDINALITY", "CARDINALITY(array | map | multiset)", "INT: elements"),
    ("ELEMENT", "ELEMENT(array)", "the array's only element"),
    ("ARRAY_CONTAINS", "ARRAY_CONTAINS(array, value)", "BOOLEAN"),
    ("MAP_KEYS", "MAP_KEYS(map)", "ARRAY of the keys"),
    ("ROW", "ROW(a, b, …)", "a ROW value"),
    ("MAP", "MAP[k1, v1, …]", "a MAP value"),
    ("EXTRACT", "EXTRACT(unit FROM timestamp)", "BIGINT: YEAR, MONTH, DAY, HOUR, MINUTE, SECOND, …"),
    (
        "KEY_SEARCH_AGG",
        "KEY_SEARCH_AGG(external_table, DESCRIPTOR(key), value)",
        "Confluent: rows of an external table with that key",
    ),
    (
        "TEXT_SEARCH_AGG",
        "TEXT_SEARCH_AGG(external_table, DESCRIPTOR(text), query, n)",
        "Confluent: rows matching a text",
    ),
    (
        "VECTOR_SEARCH_AGG",
        "VECTOR_SEARCH_AGG(external_table, DESCRIPTOR(embedding), vector, n)",
        "Confluent: nearest rows",
    ),
];

/// The window table functions: name and a template with the table's first time column.
pub const WINDOW_TVFS: &[(&str, &str)] = &[
    ("TUMBLE", "TABLE(TUMBLE(TABLE {t}, DESCRIPTOR({c}), INTERVAL '10' SECONDS))"),
    ("HOP", "TABLE(HOP(TABLE {t}, DESCRIPTOR({c}), INTERVAL '5' SECONDS, INTERVAL '10' SECONDS))"),
    ("CUMULATE", "TABLE(CUMULATE(TABLE {t}, DESCRIPTOR({c}), INTERVAL '5' SECONDS, INTERVAL '20' SECONDS))"),
];

/// The columns a window table function adds.
pub const WINDOW_COLUMNS: &[(&str, &str)] =
    &[("window_start", "TIMESTAMP(3)"), ("window_end", "TIMESTAMP(3)"), ("window_time", "TIMESTAMP(3) *ROWTIME*")];

/// SET keys: key, values offered, what it does.
pub const SET_KEYS: &[(&str, &[&str], &str)] = &[
    (
        "table.local-time-zone",
        &["UTC", "Europe/Berlin", "Asia/Kolkata", "America/Los_Angeles", "Asia/Shanghai"],
        "the session time zone (TIMESTAMP_LTZ, PROCTIME)",
    ),
    (
        "table.exec.state.ttl",
        &["1 h", "10 min", "1 d", "0"],
        "how long a join keeps a key's rows without a change (0: forever)",
    ),
    (
        "table.exec.source.idle-timeout",
        &["2 s", "10 s", "0"],
        "a source without rows this long (processing time) is idle: joins stop waiting for it",
    ),
    ("execution.runtime-mode", &["streaming", "batch"], "batch: bounded sources, final rows only"),
    ("sql.local-time-zone", &["UTC", "Europe/Berlin", "Asia/Kolkata"], "Confluent Cloud's table.local-time-zone"),
    ("sql.state-ttl", &["1 h", "1 d", "0"], "Confluent Cloud's table.exec.state.ttl"),
    ("sql.tables.scan.idle-timeout", &["2 s", "10 s"], "Confluent Cloud's table.exec.source.idle-timeout"),
    ("sql.snapshot.mode", &["now"], "Confluent Cloud's batch (snapshot) query"),
    ("joinlab.dialect", &["flink", "confluent"], "JoinLab: Apache Flink's or Confluent Cloud's behaviour"),
    ("joinlab.arrival", &["by-time", "as-written"], "JoinLab: rows merged by event time, or as the script writes them"),
    ("joinlab.mode", &["unbounded", "bounded", "both"], "JoinLab: the stream stays open, ends, or both"),
    ("joinlab.seed", &["1", "42"], "JoinLab: the generators' seed"),
    ("joinlab.proctime-step", &["1 s", "100 ms"], "JoinLab: processing time between two steps"),
    ("joinlab.watermark-emit", &["per-record", "on-marker"], "JoinLab: when @-line sources emit watermarks"),
    ("joinlab.examples.rows", &["100", "1000"], "JoinLab: rows of each examples-catalog table"),
];

/// Query hints: name and template.
pub const HINTS: &[(&str, &str)] = &[
    ("MULTI_JOIN", "MULTI_JOIN(t1, t2, t3)"),
    ("STATE_TTL", "STATE_TTL('t1' = '1 h')"),
    ("OPTIONS", "OPTIONS('number-of-rows' = '100')"),
];

/// Connectors a CREATE TABLE can name, and what they are.
pub const CONNECTORS: &[(&str, &str)] = &[
    ("datagen", "Flink's generator (fields.<f>.kind / min / max / length, number-of-rows, rows-per-second)"),
    (
        "faker",
        "Confluent's faker: fields.<f>.expression = '#{Name.firstName}' (DataFaker expressions; docs/mock-data.md)",
    ),
    ("confluent-jdbc", "Confluent external table: a database table the search functions read"),
    ("mongodb", "Confluent external table (MongoDB Atlas)"),
    ("elastic", "Confluent external table (Elasticsearch)"),
    ("couchbase", "Confluent external table (Couchbase)"),
    ("pinecone", "Confluent external table (Pinecone)"),
    ("rest", "Confluent external table (a REST endpoint)"),
];

/// Table options that are not a connector's: key, values.
pub const TABLE_OPTIONS: &[(&str, &[&str])] = &[
    ("connector", &[]),
    ("changelog.mode", &["append", "upsert", "retract"]),
    ("changelog-mode", &["append", "upsert", "retract"]),
];
