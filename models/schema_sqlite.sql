-- migrations: 1 2 3 4 5 6 10 30 31 32 40 41 42 20 21 22 110 111 112 113 114 60 70 71 72 73 100 130 131 133 132 134 137 136 138 135 180 181 150 151 152 170 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 256 257 258 259 260 262 261 200 201 160 161 166
CREATE TABLE `users` (`id` integer PRIMARY KEY AUTOINCREMENT,`username` text NOT NULL,`password_hash` text NOT NULL,`roles` text NOT NULL,`disabled` numeric NOT NULL DEFAULT false,`created_at` datetime,`updated_at` datetime);
CREATE UNIQUE INDEX `idx_users_username` ON `users`(`username`);
CREATE TABLE `sessions` (`id` text,`user_id` integer NOT NULL,`csrf_token` text NOT NULL,`flash` text,`created_at` datetime,`last_seen_at` datetime,PRIMARY KEY (`id`));
CREATE INDEX `idx_sessions_user_id` ON `sessions`(`user_id`);
CREATE TABLE `login_attempts` (`id` integer PRIMARY KEY AUTOINCREMENT,`username` text,`ip` text,`at` datetime);
CREATE INDEX `idx_login_attempts_at` ON `login_attempts`(`at`);
CREATE INDEX `idx_login_attempts_ip` ON `login_attempts`(`ip`);
CREATE INDEX `idx_login_attempts_username` ON `login_attempts`(`username`);
CREATE TABLE `audit_events` (`id` integer PRIMARY KEY AUTOINCREMENT,`at` datetime NOT NULL,`actor` text NOT NULL,`action` text NOT NULL,`subject` text NOT NULL,`before_digest` text,`after_digest` text,`request_id` text,`detail` text,`prev_hash` text NOT NULL,`hash` text NOT NULL,`keyed` numeric NOT NULL DEFAULT false);
CREATE UNIQUE INDEX `idx_audit_events_prev_hash` ON `audit_events`(`prev_hash`);
CREATE INDEX `idx_audit_events_subject` ON `audit_events`(`subject`);
CREATE INDEX `idx_audit_events_action` ON `audit_events`(`action`);
CREATE INDEX `idx_audit_events_actor` ON `audit_events`(`actor`);
CREATE INDEX `idx_audit_events_at` ON `audit_events`(`at`);
CREATE TABLE `tools` (`id` text,`namespace` text,`contract` text NOT NULL,`digest` text NOT NULL,`prev_digest` text,`prev_json` text,`status` text NOT NULL,`source` text NOT NULL,`imported_by` text,`imported_at` datetime,`reviewed_by` text,`reviewed_at` datetime,`review_gen` integer NOT NULL DEFAULT 0,`position` integer NOT NULL DEFAULT 0,`trust` text NOT NULL DEFAULT "untrusted",`validation` text NOT NULL DEFAULT "candidate",`class_effects` text,`class_risk` text,`classified_by` text,`classified_at` datetime,`classified_digest` text,`reviewed_purpose` text,`reviewed_purpose_digest` text,`reviewed_purpose_by` text,`reviewed_params` text NOT NULL DEFAULT "",`reviewed_params_digest` text NOT NULL DEFAULT "",`reviewed_params_by` text NOT NULL DEFAULT "",`reasons` text NOT NULL DEFAULT "",`descriptor` text NOT NULL DEFAULT "",PRIMARY KEY (`id`));
CREATE INDEX `idx_tools_status` ON `tools`(`status`);
CREATE INDEX `idx_tools_namespace` ON `tools`(`namespace`);
CREATE TABLE `catalog_states` (`id` integer PRIMARY KEY AUTOINCREMENT,`generation` integer,`config_generation` integer NOT NULL DEFAULT 1);
CREATE TABLE `agents` (`id` integer PRIMARY KEY AUTOINCREMENT,`slug` text NOT NULL,`name` text NOT NULL,`description` text,`declared` text NOT NULL,`services` text NOT NULL,`default_profile_id` integer,`profile_review` numeric NOT NULL DEFAULT false,`version` integer NOT NULL,`roster_version` integer NOT NULL DEFAULT 0,`created_at` datetime,`updated_at` datetime);
CREATE UNIQUE INDEX `idx_agents_slug` ON `agents`(`slug`);
CREATE TABLE `profiles` (`id` integer PRIMARY KEY AUTOINCREMENT,`slug` text NOT NULL,`name` text NOT NULL,`agent_id` integer,`current_version` integer NOT NULL,`created_by` text,`created_at` datetime);
CREATE UNIQUE INDEX `idx_profiles_slug` ON `profiles`(`slug`);
CREATE TABLE `profile_versions` (`id` integer PRIMARY KEY AUTOINCREMENT,`profile_id` integer NOT NULL,`version` integer NOT NULL,`tools` text NOT NULL,`tier` text NOT NULL,`catalog_form` text NOT NULL,`deferred` numeric NOT NULL,`search_budget` integer NOT NULL DEFAULT 0,`call_budget` integer NOT NULL DEFAULT 0,`pins` text NOT NULL,`message` text,`author` text NOT NULL,`digest` text NOT NULL,`encoding` text,`body` integer,`protocol` integer,`catalog` integer,`total` integer,`status` text NOT NULL DEFAULT "",`base_version` integer NOT NULL DEFAULT 0,`reviewed_by` text NOT NULL DEFAULT "",`created_at` datetime);
CREATE UNIQUE INDEX `idx_profile_version` ON `profile_versions`(`profile_id`,`version`);
CREATE TABLE `skills` (`id` integer PRIMARY KEY AUTOINCREMENT,`slug` text NOT NULL,`created_by` text,`created_at` datetime);
CREATE UNIQUE INDEX `idx_skills_slug` ON `skills`(`slug`);
CREATE TABLE `skill_versions` (`id` integer PRIMARY KEY AUTOINCREMENT,`skill_id` integer NOT NULL,`version` integer NOT NULL,`name` text NOT NULL,`summary` text NOT NULL,`procedure` text NOT NULL,`required_tools` text NOT NULL,`author` text NOT NULL,`parent` integer,`digest` text NOT NULL,`proposal_id` integer,`created_at` datetime);
CREATE UNIQUE INDEX `idx_skill_version` ON `skill_versions`(`skill_id`,`version`);
CREATE TABLE `skill_labels` (`skill_id` integer,`label` text,`version` integer NOT NULL,`since` datetime,`set_by` text,PRIMARY KEY (`skill_id`,`label`));
CREATE TABLE `proposals` (`id` integer PRIMARY KEY AUTOINCREMENT,`skill_id` integer NOT NULL,`status` text NOT NULL,`author` text NOT NULL,`editors` text NOT NULL,`revision` integer NOT NULL,`digest` text NOT NULL,`base_version` integer NOT NULL,`name` text NOT NULL,`summary` text NOT NULL,`procedure` text NOT NULL,`required_tools` text NOT NULL,`lock` integer NOT NULL,`created_at` datetime,`updated_at` datetime,`closed_by` text,`closed_at` datetime,`promoted_version` integer,`reason` text,`closed_production` integer,`approved_by` text NOT NULL DEFAULT "",`private` numeric NOT NULL DEFAULT false);
CREATE INDEX `idx_proposals_author` ON `proposals`(`author`);
CREATE INDEX `idx_proposals_status` ON `proposals`(`status`);
CREATE INDEX `idx_proposals_skill_id` ON `proposals`(`skill_id`);
CREATE TABLE `proposal_revisions` (`id` integer PRIMARY KEY AUTOINCREMENT,`proposal_id` integer NOT NULL,`revision` integer NOT NULL,`digest` text NOT NULL,`name` text NOT NULL,`summary` text NOT NULL,`procedure` text NOT NULL,`required_tools` text NOT NULL,`author` text NOT NULL,`created_at` datetime);
CREATE UNIQUE INDEX `idx_proposal_revision` ON `proposal_revisions`(`proposal_id`,`revision`);
CREATE TABLE `reviews` (`id` integer PRIMARY KEY AUTOINCREMENT,`proposal_id` integer NOT NULL,`reviewer` text NOT NULL,`kind` text NOT NULL,`digest` text NOT NULL,`revision` integer NOT NULL DEFAULT 0,`production_version` integer NOT NULL,`comment` text,`withdrawn` numeric NOT NULL DEFAULT false,`created_at` datetime);
CREATE INDEX `idx_reviews_proposal_id` ON `reviews`(`proposal_id`);
CREATE TABLE `api_keys` (`id` integer PRIMARY KEY AUTOINCREMENT,`name` text NOT NULL,`prefix` text NOT NULL,`hash` text NOT NULL,`scope` text NOT NULL,`created_by` text,`created_at` datetime,`last_used_at` datetime,`revoked_at` datetime);
CREATE UNIQUE INDEX `idx_api_keys_hash` ON `api_keys`(`hash`);
CREATE TABLE `receipts` (`digest` text,`inputs` text NOT NULL,`text` text NOT NULL,`created_at` datetime,PRIMARY KEY (`digest`));
CREATE TABLE `run_events` (`id` integer PRIMARY KEY AUTOINCREMENT,`run` text NOT NULL,`kind` text NOT NULL,`agent` text NOT NULL,`profile` text,`profile_version` integer,`step` integer NOT NULL,`surface` text NOT NULL,`query_bytes` integer,`hits` integer,`active` integer,`activated` integer,`reachable` integer,`accepted` integer,`rejected` integer,`rejected_why` text,`schema_bytes` integer,`text_bytes` integer,`tokens` integer,`prefix_tokens` integer,`digest` text,`receipts` text,`tool` text,`verdict` text,`latency_us` integer,`result_bytes` integer,`call_status` text,`approval` text NOT NULL DEFAULT "",`created_at` datetime);
CREATE INDEX `idx_run_events_run` ON `run_events`(`run`,`created_at`);
CREATE TABLE `server_secrets` (`name` text,`value` text NOT NULL,`created_at` datetime,PRIMARY KEY (`name`));
CREATE TABLE `selection_case_sets` (`id` integer PRIMARY KEY AUTOINCREMENT,`agent_id` integer NOT NULL,`version` integer NOT NULL,`suite` text NOT NULL,`source` text NOT NULL DEFAULT "",`cases` integer NOT NULL,`message` text,`author` text NOT NULL,`digest` text NOT NULL,`created_at` datetime);
CREATE UNIQUE INDEX `idx_selection_cases_version` ON `selection_case_sets`(`agent_id`,`version`);
CREATE TABLE `hint_proposals` (`id` integer PRIMARY KEY AUTOINCREMENT,`tool_id` text NOT NULL,`hints` text NOT NULL,`base_digest` text NOT NULL,`status` text NOT NULL,`proposed_by` text NOT NULL,`created_at` datetime,`decided_by` text,`decided_at` datetime,`reason` text,`new_digest` text);
CREATE INDEX `idx_hint_proposals_status` ON `hint_proposals`(`status`);
CREATE INDEX `idx_hint_proposals_tool_id` ON `hint_proposals`(`tool_id`);
CREATE TABLE `subject_groups` (`id` integer PRIMARY KEY AUTOINCREMENT,`name` text NOT NULL,`description` text,`version` integer NOT NULL,`created_at` datetime,`updated_at` datetime);
CREATE UNIQUE INDEX `idx_subject_groups_name` ON `subject_groups`(`name`);
CREATE TABLE `group_versions` (`id` integer PRIMARY KEY AUTOINCREMENT,`group_id` integer NOT NULL,`version` integer NOT NULL,`grants` text NOT NULL,`author` text NOT NULL,`message` text,`created_at` datetime);
CREATE UNIQUE INDEX `idx_group_version` ON `group_versions`(`group_id`,`version`);
CREATE TABLE `bindings` (`id` integer PRIMARY KEY AUTOINCREMENT,`handle_hash` text NOT NULL,`subject` text NOT NULL,`group_set` text,`agent` text NOT NULL,`tool` text NOT NULL,`digest` text NOT NULL,`expires_at` datetime NOT NULL,`created_by` text,`created_at` datetime,`revoked_at` datetime,`revoked_by` text,`profile` text,`groups_json` text,`catalog_gen` integer,`policy_gen` integer,`approval_ref` text,`invalidated_at` datetime,`invalid_type` text,`invalid_reason` text,`authority_pin` text NOT NULL DEFAULT "",`key_id` integer NOT NULL DEFAULT 0);
CREATE INDEX `idx_bindings_key_id` ON `bindings`(`key_id`);
CREATE INDEX `idx_bindings_expires_at` ON `bindings`(`expires_at`);
CREATE INDEX `idx_bindings_tool` ON `bindings`(`tool`);
CREATE UNIQUE INDEX `idx_bindings_handle_hash` ON `bindings`(`handle_hash`);
CREATE TABLE `check_counters` (`agent` text,`tool` text,`group_name` text,`outcome` text,`count` integer NOT NULL DEFAULT 0,`updated_at` datetime,PRIMARY KEY (`agent`,`tool`,`group_name`,`outcome`));
CREATE TABLE `approvals` (`id` integer PRIMARY KEY AUTOINCREMENT,`ref` text NOT NULL,`status` text NOT NULL,`agent` text NOT NULL,`subject` text,`groups_json` text,`tool` text NOT NULL,`digest` text NOT NULL,`args_digest` text NOT NULL DEFAULT "",`args_view` text,`args_hidden` numeric NOT NULL DEFAULT false,`summary` text,`origin` text,`run` text,`requested_by` text,`key_id` integer NOT NULL DEFAULT 0,`created_at` datetime,`decided_by` text,`decided_at` datetime,`reason` text,`single_use` numeric,`until` datetime,`used_at` datetime,`withdrawn_by` text,`withdrawn_at` datetime,`withdraw_reason` text,`profile` text NOT NULL DEFAULT "",`authority_pin` text NOT NULL DEFAULT "",`voided_at` datetime,`void_reason` text);
CREATE INDEX `idx_approvals_run` ON `approvals`(`run`);
CREATE INDEX `idx_approvals_status` ON `approvals`(`status`);
CREATE UNIQUE INDEX `idx_approvals_ref` ON `approvals`(`ref`);
CREATE TABLE `connections` (`id` integer PRIMARY KEY AUTOINCREMENT,`name` text NOT NULL,`transport` text NOT NULL,`command` text,`url` text,`secret_names` text,`sealed` text,`plain_env` text NOT NULL DEFAULT "",`status` text NOT NULL,`last_error` text,`last_sync` datetime,`contact_at` datetime,`contact_error` text,`tools` integer,`added` integer,`changed` integer,`removed` integer,`timeout_ms` integer NOT NULL DEFAULT 0,`restart_backoff_ms` integer NOT NULL DEFAULT 0,`stderr_lines` integer NOT NULL DEFAULT 0,`created_by` text,`edited_by` text NOT NULL DEFAULT "",`created_at` datetime,`updated_at` datetime);
CREATE UNIQUE INDEX `idx_connections_name` ON `connections`(`name`);
CREATE TABLE `gateway_sessions` (`id` text,`key_id` integer NOT NULL,`agent` text NOT NULL,`profile` text,`subject` text,`subject_digest` text NOT NULL DEFAULT "",`pick_tools` text,`pick_without` text,`run` text NOT NULL,`receipts` text NOT NULL,`shown` text NOT NULL DEFAULT "[]",`listed` text NOT NULL DEFAULT "",`protocol_version` text NOT NULL DEFAULT "",`searches` integer NOT NULL DEFAULT 0,`calls` integer NOT NULL DEFAULT 0,`version` integer NOT NULL DEFAULT 1,`closed` numeric NOT NULL DEFAULT false,`created_at` datetime,`updated_at` datetime,PRIMARY KEY (`id`));
CREATE UNIQUE INDEX `idx_gateway_sessions_run` ON `gateway_sessions`(`run`);
CREATE INDEX `idx_gateway_sessions_key_id` ON `gateway_sessions`(`key_id`);
CREATE TABLE `idempotent_calls` (`id` integer PRIMARY KEY AUTOINCREMENT,`run` text NOT NULL,`agent` text NOT NULL DEFAULT "",`subject_hash` text NOT NULL DEFAULT "",`key_id` integer NOT NULL DEFAULT 0,`tool` text NOT NULL,`key_hash` text NOT NULL,`args_digest` text NOT NULL DEFAULT "",`done` numeric NOT NULL DEFAULT false,`outcome` text,`lease_until` datetime,`created_at` datetime);
CREATE INDEX `idx_idem_created` ON `idempotent_calls`(`created_at`);
CREATE INDEX `idx_idem_lease` ON `idempotent_calls`(`lease_until`);
CREATE INDEX `idx_idem_run` ON `idempotent_calls`(`run`);
CREATE TABLE `receipt_readers` (`digest` text,`owner` text,`inputs` text NOT NULL,`created_at` datetime,PRIMARY KEY (`digest`,`owner`));
CREATE INDEX idx_approvals_call ON approvals (agent, subject, tool, digest, args_digest);
CREATE TABLE `approval_askers` (`approval_id` integer,`key_id` integer,`created_at` datetime,PRIMARY KEY (`approval_id`,`key_id`));
CREATE INDEX `idx_approval_askers_key_id` ON `approval_askers`(`key_id`);
CREATE UNIQUE INDEX `idx_idem_scope` ON `idempotent_calls`(`agent`,`subject_hash`,`key_id`,`tool`,`key_hash`);
CREATE UNIQUE INDEX idx_api_keys_live_name ON api_keys (created_by, scope, name) WHERE revoked_at IS NULL;
CREATE TABLE `run_owners` (`run` text,`key_id` integer NOT NULL,`subject_digest` text NOT NULL DEFAULT "",`created_at` datetime,PRIMARY KEY (`run`));
CREATE TABLE `api_key_suspensions` (`key_id` integer,`at` datetime NOT NULL,`why` text NOT NULL DEFAULT "",PRIMARY KEY (`key_id`));
CREATE TABLE `connection_dirs` (`connection_name` text,`dir` text NOT NULL,PRIMARY KEY (`connection_name`));
CREATE TABLE `connection_shapers` (`connection_name` text,`username` text,`at` datetime NOT NULL,PRIMARY KEY (`connection_name`,`username`));
CREATE TABLE run_totals (
	run TEXT PRIMARY KEY,
	agent TEXT NOT NULL DEFAULT '',
	events BIGINT NOT NULL DEFAULT 0,
	steps BIGINT NOT NULL DEFAULT 0,
	first_id BIGINT NOT NULL DEFAULT 0,
	last_id BIGINT NOT NULL DEFAULT 0,
	first_at DATETIME,
	last_at DATETIME
);
CREATE TRIGGER run_events_totals AFTER INSERT ON run_events BEGIN
	INSERT INTO run_totals (run, agent, events, steps, first_id, last_id, first_at, last_at)
	VALUES (NEW.run, NEW.agent, 1, NEW.kind = 'step', NEW.id, NEW.id, NEW.created_at, NEW.created_at)
	ON CONFLICT (run) DO UPDATE SET agent = MAX(agent, excluded.agent), events = events + 1, steps = steps + excluded.steps,
		first_id = MIN(first_id, excluded.first_id), last_id = MAX(last_id, excluded.last_id),
		first_at = MIN(first_at, excluded.first_at), last_at = MAX(last_at, excluded.last_at);
END;
CREATE INDEX idx_run_totals_last ON run_totals (last_id);
CREATE INDEX idx_run_events_run_id ON run_events (run, id);
CREATE TABLE `inbox_reads` (`username` text,`item` text,`read_at` datetime,PRIMARY KEY (`username`,`item`));
INSERT INTO "catalog_states" VALUES(1,1,1);
INSERT INTO "subject_groups" VALUES(1,'everyone','Every request without a subject.',1,(strftime('%Y-%m-%d %H:%M:%f','now')||'+00:00'),(strftime('%Y-%m-%d %H:%M:%f','now')||'+00:00'));
INSERT INTO "group_versions" VALUES(1,1,1,'[{"kind":"effects","value":"destructive"},{"kind":"effects","value":"external-write"},{"kind":"effects","value":"read-only"},{"kind":"effects","value":"workspace-write"}]','system','a fresh install grants everyone every tool',(strftime('%Y-%m-%d %H:%M:%f','now')||'+00:00'));
