fn main() {
    println!("Value {} Ts {} Decimal {} Record {}", std::mem::size_of::<joinlab_engine::value::Value>(), std::mem::size_of::<joinlab_engine::time::Ts>(), std::mem::size_of::<joinlab_engine::value::Decimal>(), std::mem::size_of::<joinlab_engine::ops::Record>());
}
