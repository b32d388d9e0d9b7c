//! Arg-min and arg-max: the value and index of the smallest or largest element.
//!
//! Semantics, the same on every backend:
//! - the result is `(value, index)`; `value` is the element's bits exactly as stored;
//! - ties: the lowest index wins (numpy, torch and CUB agree);
//! - NaN: the first NaN wins, for argmin and argmax alike (numpy and torch);
//! - `-0.0` and `+0.0` are equal, so they tie and the lower index wins; ±Inf are ordinary values;
//! - masked forms consider only the elements whose mask flag selects them
//!   ([`MaskKind`](crate::MaskKind)); when none is selected the result is `None`;
//! - an empty vector is an error, never a sentinel index;
//! - indices fit `u32`: a vector holds at most [`MAX_LEN`] elements.
//!
//! GPU kernels compare order-preserving integer keys of the bits ([`key`]), never floats, so
//! the answer cannot change with fast-math, flush-to-zero or a compiler that assumes no NaN.

use crate::error::{Error, Result};

/// Which extreme an arg-reduction looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Extreme {
    /// The smallest element.
    Min,
    /// The largest element.
    Max,
}

impl Extreme {
    /// `"argmin"` or `"argmax"`: the op's name and the kernels' entry-point stem.
    pub fn op_name(self) -> &'static str {
        match self {
            Extreme::Min => "argmin",
            Extreme::Max => "argmax",
        }
    }

    /// The first-pass entry point, the same in `shaders/argext.wgsl` and `kernels/argext.cl`.
    pub fn partial_entry(self, masked: bool) -> &'static str {
        match (self, masked) {
            (Extreme::Min, false) => "argmin_partial",
            (Extreme::Max, false) => "argmax_partial",
            (Extreme::Min, true) => "argmin_masked_partial",
            (Extreme::Max, true) => "argmax_masked_partial",
        }
    }
}

/// The answer of an arg-reduction.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct ArgExtreme {
    /// The element's value, bit for bit as stored.
    pub value: f32,
    /// The element's index.
    pub index: usize,
}

impl PartialEq for ArgExtreme {
    /// Bit-exact: equal index and identical value bits (so NaN equals the same NaN).
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index && self.value.to_bits() == other.value.to_bits()
    }
}

/// The largest vector an arg-reduction accepts (`u32::MAX` is the kernels' "nothing" index).
pub const MAX_LEN: usize = u32::MAX as usize - 1;

/// Key of the "nothing selected" identity; no element maps to it.
pub const IDENTITY_KEY: u32 = u32::MAX;

/// Index of the "nothing selected" identity.
pub const NO_INDEX: u32 = u32::MAX;

/// The reduction key of an element with bits `bits`: the smaller key wins, ties go to the lower
/// index. NaN maps to 0 (it beats everything); otherwise the key orders values ascending
/// (argmin) or descending (argmax), with `-0.0` mapped onto `+0.0`. This is what the kernels
/// compute; the CPU reference does not use it (it compares floats by the rules above).
pub fn key(bits: u32, extreme: Extreme) -> u32 {
    if bits & 0x7fff_ffff > 0x7f80_0000 {
        return 0;
    }
    let bits = if bits == 0x8000_0000 { 0 } else { bits };
    let ascending = if bits & 0x8000_0000 != 0 {
        !bits
    } else {
        bits | 0x8000_0000
    };
    match extreme {
        Extreme::Min => ascending,
        Extreme::Max => !ascending,
    }
}

/// Checks the vector length of an arg-reduction and, for the masked forms, the mask's length.
pub fn validate(op: &str, len: usize, mask_len: Option<usize>) -> Result<()> {
    if len == 0 {
        return Err(Error::invalid(
            "v",
            "an empty vector",
            format!("{op} needs at least one element"),
        ));
    }
    if len > MAX_LEN {
        return Err(Error::TooLarge {
            what: format!("{op} input (elements)"),
            needed: len as u64,
            limit: MAX_LEN as u64,
        });
    }
    if let Some(m) = mask_len
        && m != len
    {
        return Err(Error::shape(
            "mask",
            format!("{len} flags"),
            format!("{m} flags"),
        ));
    }
    Ok(())
}

/// The answer from the final pass's three result words `(key, index, bits)`; no index means
/// nothing was selected.
pub fn decode(words: &[u32]) -> Option<ArgExtreme> {
    match words {
        [_, idx, bits, ..] if *idx != NO_INDEX => Some(ArgExtreme {
            value: f32::from_bits(*bits),
            index: *idx as usize,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(x: f32, e: Extreme) -> u32 {
        key(x.to_bits(), e)
    }

    #[test]
    fn keys_order_values() {
        let vals = [
            f32::NEG_INFINITY,
            -3.0,
            -1e-40,
            0.0,
            1e-40,
            2.0,
            f32::INFINITY,
        ];
        for w in vals.windows(2) {
            assert!(k(w[0], Extreme::Min) < k(w[1], Extreme::Min), "{w:?}");
            assert!(k(w[0], Extreme::Max) > k(w[1], Extreme::Max), "{w:?}");
        }
        assert_eq!(k(-0.0, Extreme::Min), k(0.0, Extreme::Min));
        assert_eq!(k(-0.0, Extreme::Max), k(0.0, Extreme::Max));
        for e in [Extreme::Min, Extreme::Max] {
            assert_eq!(k(f32::NAN, e), 0);
            assert_eq!(key(0xffff_ffff, e), 0);
            for v in vals {
                assert!(k(v, e) > 0 && k(v, e) < IDENTITY_KEY);
            }
        }
    }
}
