package credential

import (
	"strings"
	"testing"
)

// TestAssignmentsNeedASecretNameAndValue: a name is a secret
// name by its words, not a substring ("footprint" holds "otp"); NAME=VALUE
// masks VALUE only when the whole name is a secret name or the value reads
// as random (8+ characters, not a count); a presigned URL's signature and
// credential parameters stay, so the link still works.
func TestAssignmentsNeedASecretNameAndValue(t *testing.T) {
	for _, prose := range []string{
		"usage: prompt_tokens=120 completion_tokens=45 total_tokens=165",
		"usage total_tokens=123456789",
		"footprint=large, footprint: 12kB",
		"https://bucket.s3.amazonaws.com/a.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20240101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20240101T000000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
		"https://storage.googleapis.com/b/o?X-Goog-Credential=svc%40p.iam.gserviceaccount.com%2F20240101&X-Goog-Signature=5a1b2c3d4e5f60718293a4b5c6d7e8f9",
	} {
		if got := Mask(prose, "[masked]"); got != prose {
			t.Errorf("masked: %q → %q", prose, got)
		}
	}
	for text, hidden := range map[string]string{
		"DB_PASSWORD=hunter22":              "hunter22",
		"access_token=plainwordvalue":       "plainwordvalue",
		"my_session_otp=Zk29fj3LqP":         "Zk29fj3LqP",
		"X-Amz-Security-Token=Qm9vZ3Vz7kLp": "Qm9vZ3Vz7kLp",
		"clientSecret=q9W8e7R6t5Y4":         "q9W8e7R6t5Y4",
	} {
		if got := Mask(text, "[masked]"); strings.Contains(got, hidden) {
			t.Errorf("%q shows the secret: %q", text, got)
		}
	}
	if Named("footprint") || Named("monkey") || !Named("tokens") || !Named("X-Api-Key") || !Named("sessionOtp") {
		t.Error("Named is not a word test")
	}
}

// TestFreeTextShortMarksNeedASecretValue: in a server's result a name
// ending in a short mark ("S3 key", a cache key, a partition key) keeps
// its ordinary value; a credential or a random token run under it, and
// any value of a bare key= (a link's parameter), is masked.
func TestFreeTextShortMarksNeedASecretValue(t *testing.T) {
	for _, prose := range []string{
		"S3 key: reports/q3.pdf", "cache key: user:42:profile", "partition_key=tenant_id",
		"sort_key=created_at and projectKey=PROJ", "next page: $skiptoken=Qm9vZ3Vz7kLp",
	} {
		if got := Mask(prose, "[masked]"); got != prose {
			t.Errorf("masked: %q → %q", prose, got)
		}
	}
	for text, hidden := range map[string]string{
		"cache key: Zk29fj3LqPw8Xn4Rt7Vb":                  "Zk29fj3LqPw8Xn4Rt7Vb",
		"DB_PASS=ghp_0123456789abcdefABCDEF0123456789abcd": "ghp_0123456789abcdefABCDEF0123456789abcd",
		"https://maps.example/api?key=plainvalue&q=x":      "plainvalue",
	} {
		if got := Mask(text, "[masked]"); strings.Contains(got, hidden) {
			t.Errorf("%q shows the secret: %q", text, got)
		}
	}
}
