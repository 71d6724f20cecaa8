package authority

// Next actions beyond a denial's: the gateway's and the runtime's own
// refusals (budgets, unreachable servers, idempotency keys, _meta,
// skills, oversized results). Each is a token; the error's message is
// the human sentence.
const (
	ActRetryLater           = "retry_later"
	ActSearchTools          = "search_tools"
	ActUseLoadedTools       = "use_loaded_tools"
	ActLoadListedSkill      = "load_listed_skill"
	ActContinueWithoutSkill = "continue_without_skill"
	ActCheckOutcome         = "check_outcome"
	ActNewIdempotencyKey    = "new_idempotency_key"
	ActRetrySameArguments   = "retry_same_arguments"
	ActRetrySameKey         = "retry_same_key"
	ActNarrowRequest        = "narrow_request"
	ActSendIdempotencyKey   = "send_idempotency_key"
	ActSendApproval         = "send_approval"
	// ActCallWhenApproved: the approval request is filed; make the same
	// call again once a reviewer approves it.
	ActCallWhenApproved = "call_again_when_approved"
)

// NextActions lists every next-action token an error's next_actions may
// carry, on every route (gateway, REST run calls, authorize).
var NextActions = []string{
	ActFixArguments, ActChooseAlternative, ActAskUser, ActRequestApproval, ActBindAgain, ActLoadDescriptor, ActRefreshCatalog, ActStop,
	ActRetryLater, ActSearchTools, ActUseLoadedTools, ActLoadListedSkill, ActContinueWithoutSkill, ActCheckOutcome,
	ActNewIdempotencyKey, ActRetrySameArguments, ActRetrySameKey, ActNarrowRequest, ActSendIdempotencyKey, ActSendApproval,
	ActCallWhenApproved,
}
