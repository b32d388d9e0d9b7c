fn main() {
    let list = duet::devices();
    for d in &list.devices {
        println!("{} {} | {} | {:?} | bind {} | {:?} | {:?}", d.name, d.device, d.api, d.device_type, d.max_binding_bytes, d.timer, d.uuid);
    }
    println!("{:?}", list.unavailable);
    for d in &list.devices {
        let dev = match duet::open(&d.name) { Ok(d) => d, Err(e) => { println!("{}: {e}", d.name); continue } };
        let data: Vec<f32> = (0..1_000_003).map(|i| (i % 7) as f32 * 0.5).collect();
        let v = dev.upload(&data).unwrap();
        println!("{}: sum = {:?}", d.name, dev.read_sum(&v));
    }
}
