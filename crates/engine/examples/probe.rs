fn main() {
    for s in ["INSERT INTO t VALUES (DATE '2024-01-01', 1)", "INSERT INTO t VALUES (1, TIMESTAMP '2024-01-01')", "INSERT INTO t SELECT TIMESTAMP '2024-01-01'","VALUES (TIMESTAMP '2024-01-01')", "SELECT (TIMESTAMP '2024-01-01')"] {
        println!("{} => {:?}", s, joinlab_engine::sql::parse_statement(s).map(|_| "ok").map_err(|e| e.message));
    }
}
