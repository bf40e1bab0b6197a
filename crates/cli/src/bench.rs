//! `joinlab bench`: placeholder replaced below.
pub fn run(_w: &str, _rows: Option<u64>, _trace: bool, _repeat: u32) -> Result<(), String> {
    Err("bench not implemented yet".into())
}
