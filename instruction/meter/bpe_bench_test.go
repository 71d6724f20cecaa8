package meter

import (
	"os"
	"runtime"
	"testing"
)

func benchText(b *testing.B) string {
	text, err := os.ReadFile("../testdata/default-full.txt")
	if err != nil {
		b.Fatal(err)
	}
	return string(text)
}

// BenchmarkCountText counts a whole default instruction with the meter's
// counter; compare with BenchmarkCountTextTiktoken in the same run.
func BenchmarkCountText(b *testing.B) {
	text := benchText(b)
	enc, err := newTokenizers().get(O200k)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		enc.count(text)
	}
}

// BenchmarkCountTextTiktoken is the same count by tiktoken-go.
func BenchmarkCountTextTiktoken(b *testing.B) {
	text := benchText(b)
	tk := reference()[O200k]
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		_ = len(tk.EncodeOrdinary(text))
	}
}

// BenchmarkCollectWithMeter is one forced garbage collection with both
// encodings' ranks loaded as the meter holds them; compare with
// BenchmarkCollectWithTiktoken (the same ranks as tiktoken-go holds them)
// and BenchmarkCollectEmpty, each in a process of its own (tiktoken-go
// keeps what it loads for the life of the process). A server pays the
// marking on every collection.
func BenchmarkCollectWithMeter(b *testing.B) {
	tk := newTokenizers()
	for _, e := range Encodings {
		if _, err := tk.get(e); err != nil {
			b.Fatal(err)
		}
	}
	collect(b)
	runtime.KeepAlive(tk)
}

// BenchmarkCollectWithTiktoken: see BenchmarkCollectWithMeter.
func BenchmarkCollectWithTiktoken(b *testing.B) {
	refs := reference()
	collect(b)
	runtime.KeepAlive(refs)
}

// BenchmarkCollectEmpty: see BenchmarkCollectWithMeter.
func BenchmarkCollectEmpty(b *testing.B) { collect(b) }

func collect(b *testing.B) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for b.Loop() {
		runtime.GC()
	}
	b.ReportMetric(float64(ms.HeapObjects), "heap-objects")
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
}
