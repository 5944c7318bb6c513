#!/usr/bin/env bash
# Fails, naming them, when a linked wayfinder binary holds symbols of full Foundation or ICU:
#   scripts/foundation-check.sh BINARY
# The product uses FoundationEssentials only (docs/architecture.md, "FoundationEssentials only"):
# one call of Foundation-only API links corelibs Foundation, CoreFoundation and ICU (32 MiB of data,
# `icudt*_dat`) into the static binary. Checked by defining module, from the symbol table (`nm`), so
# give the binary before strip (`.build/release/wayfinder`). Swift symbols are mangled `$s`, the
# module's name length, the name (`$s10Foundation`, `$s13FoundationXML`); ICU's C++ code lives in
# namespace icu_NN (`_ZN6icu_76…`); CoreFoundation's C names start `CF`, `_CF`, `__CF`, `kCF`.
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: $0 BINARY" >&2; exit 2; }
binary=$1
[[ -f $binary ]] || { echo "$0: $binary: no such file" >&2; exit 2; }
symbols=$(nm --defined-only "$binary" 2>/dev/null) || { echo "$0: nm cannot read $binary" >&2; exit 2; }
# FoundationEssentials' own C shims (_FoundationCShims) carry CoreFoundation's Unicode tables
# (`__CFUniChar…Bitmap`) as local data: they are not CoreFoundation being linked.
names=$(awk 'NF >= 3 { print $3 }' <<<"$symbols" | grep -v '^__CFUniChar' || true)
[[ -n $names ]] || { echo "$0: $binary has no symbol table (stripped?): check it before strip" >&2; exit 2; }

families=(
    'Foundation|^\$s10Foundation'
    'FoundationXML|^\$s13FoundationXML'
    'FoundationNetworking|^\$s20FoundationNetworking'
    'FoundationInternationalization|^\$s30FoundationInternationalization'
    'CoreFoundation|^(_{0,2}CF[A-Z]|kCF[A-Z])'
    'ICU code|^_ZN[KO]?6icu_[0-9]+'
    'ICU data|^icudt[0-9]+'
)
failed=0
for family in "${families[@]}"; do
    label=${family%%|*} pattern=${family#*|}
    found=$(grep -E "$pattern" <<<"$names" || true)
    [[ -n $found ]] || continue
    failed=1
    count=$(wc -l <<<"$found")
    echo "$binary: $count symbols of $label, for example:"
    head -n 10 <<<"$found" | sed 's/^/    /'
done
if [[ $failed -ne 0 ]]; then
    echo "Find the call that pulls them with the link map (swift build -c release ... -Xlinker -Map=FILE," >&2
    echo "its \"included because of\" lines) and use FoundationEssentials, the standard library or Glibc." >&2
    exit 1
fi
echo "$binary: no symbol of Foundation, FoundationXML, FoundationNetworking, FoundationInternationalization, CoreFoundation or ICU"
