package fidelity_test

import "testing"

// TestKoreanStepsAfterACompletion: a later Korean sentence opened by a
// clause of time after a completion ("확인이 끝나면", "once the check is
// done") and closed by a polite imperative is a further step; a condition
// ("결과가 없으면", "if there are none"), a sentence that only describes
// and the text's first sentence are not.
func TestKoreanStepsAfterACompletion(t *testing.T) {
	wantFindings(t, "skills",
		"설치된 스킬 목록을 조회합니다. 확인이 끝나면 편집기를 다시 시작하세요.",
		"설치된 스킬 목록을 조회합니다.\n\n설치를 마치면 팀에 결과를 알려 주세요.",
	)
	wantNoFindings(t, "skills",
		"설치된 스킬 목록을 조회합니다. 결과가 없으면 다른 키워드로 다시 검색하세요.",
		"설치된 스킬 목록을 조회합니다. 확인이 끝나면 목록이 갱신됩니다.",
		"확인이 끝나면 스킬 목록을 조회하세요.",
	)
}
