package catalog_test

import (
	"path/filepath"
	"testing"
)

// The blind selection sets of rounds 1–17 over published servers (blind7,
// blind8, blind9, blind10, blind11, blind12, blind13, blind14, blind15, blind16, blind17, blind18, blind19, blind20, blind21, blind22, blind23, blind24), each written by someone who never read the search and
// measured once (their RESULTS.md). After that first measurement they are
// tuning data, but never edited: a set changed to fit a result would make
// its first figure meaningless. Each file is pinned whole.
var publishedBlindSets = []struct{ file, digest string }{
	{filepath.Join("blind7", "data-crm.cases.yaml"), "cff0f8d762558b1ee0a1d95459f9441657de5c5a8943f6e7834a18c826819787"},
	{filepath.Join("blind7", "devops.cases.yaml"), "6f21fcc8933b1b7cbb221f7f48988724141cce42eb60216050912e5b790b577a"},
	{filepath.Join("blind7", "tracker-chat.cases.yaml"), "96b5e28608e4b484c3a6636e85bc8195a4171121107a83b65f33e27aa2a42c23"},
	{filepath.Join("blind7", "web-places.cases.yaml"), "965bf27d207f9f460d4ce713cb15a843d46657d3df1441f1e3545dfcf050656e"},
	{filepath.Join("blind8", "cloud-ops.cases.yaml"), "f55540dbb7c5cd64d47386cd848226d20eeb3d599543bfedd06e4869a75ecfd3"},
	{filepath.Join("blind8", "kanban-chat-calendar.cases.yaml"), "ce1396d83639d78d3faf5069b6d134ff9639b5fd82bc77e617ea12e4e9d5acc0"},
	{filepath.Join("blind8", "money-mail.cases.yaml"), "6c58b5954c6f8676928a864a40f83c03bae604af5394bacbc70a913fc5828b9c"},
	{filepath.Join("blind8", "web-research.cases.yaml"), "530a6f5d342be1b063cc3d1041ea279416b59d59d5228638e5744f14526f574f"},
	{filepath.Join("blind9", "data-search.cases.yaml"), "76f3fe859fd9e8778cac655f4970501aa98917d896b08496e039602cf7392d2b"},
	{filepath.Join("blind9", "design-charts.cases.yaml"), "0c9aaca77becb31cee5ec5f6fe99e863ef31bb8a16ed7b83f75d1f9238b6f9b5"},
	{filepath.Join("blind9", "edge-api.cases.yaml"), "9ec24d0a746740d50437f762aa3817afe7e920c38707300a3c098d76af56d8dc"},
	{filepath.Join("blind9", "shop-mail.cases.yaml"), "678e5bca3ff4192934b1cccc3c3de4d0bb37bba3c01f6ecb8d38b123df7c7c77"},
	{filepath.Join("blind9", "tasks-code.cases.yaml"), "af1280ff36577dcd7af1525b40a0c1ddf158b8472dbbc416c6f8c9baae612a49"},
	{filepath.Join("blind9", "trip-maps.cases.yaml"), "708e96d0c4badb4e2855d057664f29a90ab31481a861c9542530e5e7ab643cbe"},
	{filepath.Join("blind10", "office-docs.cases.yaml"), "dbda5fc9bd36c33cfa530609baa84f7f5d8a6807f2b700584d4a79ea9ceeb380"},
	{filepath.Join("blind10", "stories-maps.cases.yaml"), "56ab85dfddf0c771841d94034099457f9796ab1762dc0bcb8238a016f8248898"},
	{filepath.Join("blind10", "travel-todo.cases.yaml"), "931655b544f16615e7cd8ad63d02b31f7d317ecac0bb5a9591b2b4d25c05466a"},
	{filepath.Join("blind10", "web-hosting.cases.yaml"), "162539da70ee7ae9759d0bdd983bb02ef058d7fc15a9072d760d9464a4414d16"},
	{filepath.Join("blind10", "work-devops.cases.yaml"), "5197a2a4bce0a873e1e9028000d6e680911fb33ae62925d39579aba21f5bd0ad"},
	{filepath.Join("blind11", "billing-books.cases.yaml"), "c7b8bf1c0baa6d1d46d7f19fb81fbe631c20a41393003b41d8ccac64af088d7f"},
	{filepath.Join("blind11", "lab-chat.cases.yaml"), "ea7826990c24a0c77fcae228aec2f34bd2168362241db46726e216e0564cd0c7"},
	{filepath.Join("blind11", "ops-signals.cases.yaml"), "1f4e000920546c6dd23cdf8db233b51e49496e07579e98cb66a1f41f5cd4b976"},
	{filepath.Join("blind11", "plan-quality.cases.yaml"), "21a8ee7c6b6932b876c2d8722e6327c685507cdf03634880162acd9257b69e4f"},
	{filepath.Join("blind11", "shop-cms.cases.yaml"), "cfd5fa25bf01561ff018e9b46ccf6c2a7f8a0c100799c61888afbc3574c39835"},
	{filepath.Join("blind12", "deploy-mail.cases.yaml"), "170e8343628d63728bb098e0b9e1df32d082f30ea482812bf0e9a982bcd1e496"},
	{filepath.Join("blind12", "cloud-ops.cases.yaml"), "7aaa0a27a407bc6d02f25b7e490bf5744c9a34ebcfc516c91eabed5c607a256a"},
	{filepath.Join("blind12", "mail-sheets-crm.cases.yaml"), "42cce65363e27c14b367184c8b8d9f0c76dcf78d472a3580995f0beb3f5a2803"},
	{filepath.Join("blind12", "money-markets.cases.yaml"), "41d1be5886ea2f55adea0110ca189101c48c32344cc38ddc0653c2da150be0eb"},
	{filepath.Join("blind12", "outdoor-video.cases.yaml"), "b8675f5bb10f92b1476f8986270164bf6dd9386947d4791c228a6347849c20ec"},
	{filepath.Join("blind13", "cms-wiki.cases.yaml"), "ebbc312ba342168f14a1f636da755332422683dee27eed47cfab57328f4ea4e5"},
	{filepath.Join("blind13", "erp-analytics.cases.yaml"), "1c19b0a1ea6e34275231698fde75b9dc74bf83732e79f07be5e3b44cf2541e2d"},
	{filepath.Join("blind13", "office-chat.cases.yaml"), "c093fb189ab9d8e91e8be6abfc751451b9eca65cb5c8329123546cb2a20d12fd"},
	{filepath.Join("blind13", "research-chat.cases.yaml"), "0540235affb21921aa7651b5baf706d9c1ddd278a339b9b99be11b9610957a70"},
	{filepath.Join("blind13", "vault-jobs.cases.yaml"), "fd73c6dc16fa250707b7d99ff7f8f0b867238d1ff81a98830fa802c7435b27b9"},
	{filepath.Join("blind14", "hiring-identity.cases.yaml"), "7ee1f1eeed4bcc851b4de83c2837852c0d0b4aa718a3c4dd9c1f7a584a777640"},
	{filepath.Join("blind14", "mobile-models.cases.yaml"), "f245ecda02aef681c32b562d47ee04b812ed0024293dfbf0dfbf183fdb7b8dc5"},
	{filepath.Join("blind14", "notebook-tracker.cases.yaml"), "a06512184013fb5cf9b7a10685d8797e2efafd5bd8438d2b92f2040c4469e722"},
	{filepath.Join("blind14", "tracker-logs.cases.yaml"), "d424147b4ea8974cc4d9a0573d6bee66dab22529d33fd65117aa31589cb76ee0"},
	{filepath.Join("blind14", "travel-shop.cases.yaml"), "eb7d8033ceee0f8b9e9e68e12e96c8e4e650ebd0a3e8864e272860eba28d48b2"},
	{filepath.Join("blind15", "bi-flows.cases.yaml"), "72a1c5fab363ec1e38cbe4d658f3a26c00c3032393d7128adcfe965f5fa909c2"},
	{filepath.Join("blind15", "board-media.cases.yaml"), "93bf9fabecd7712b6a7652505942de72fc327765d65fd9e83505b44d7c700ad9"},
	{filepath.Join("blind15", "fitness-trading.cases.yaml"), "a99856bafbe7c2d73371e93294d81bcd7dc9f6e5ddd0e71ca5e225aa98d58310"},
	{filepath.Join("blind15", "home-kitchen.cases.yaml"), "64582855ff742c108a418287288dffcd855bf3f917753edc95a6d32c3f186e14"},
	{filepath.Join("blind15", "qa-forum.cases.yaml"), "2fa70f2ad86fb3c2d37c0b0ff86c4e4faff9de087a6733967b5b490eff04959d"},
	{filepath.Join("blind16", "ai_infra.cases.yaml"), "19bdae42a2813da349f632339990f3482665806bfc03413f1fc1a7668068b610"},
	{filepath.Join("blind16", "civic_research.cases.yaml"), "e0d3cec456da45793043f967257fa5ec6a9522b84963e4bceef285306c9cc12e"},
	{filepath.Join("blind16", "marketing_crm.cases.yaml"), "bbd4904d79d2761dcc6ce5f415d1566d8d679cb82ff0c5fb0bf78f27a9a54afb"},
	{filepath.Join("blind16", "paperwork_tasks.cases.yaml"), "2d56e90f0ef83c3c5a18424643273fae6d85dab7997416977debae62c47e30d5"},
	{filepath.Join("blind16", "travel_time.cases.yaml"), "9d53e41e6e409c540e42652b8cd7ed80f6bb016ec6f0b77b625d9ac5b4e6dbb3"},
	{filepath.Join("blind17", "ci_remote.cases.yaml"), "232b2e5634af86df28c926c65cbe35a78e4f0a01b3e69d9d6e68d29637e751cf"},
	{filepath.Join("blind17", "drive_stocks.cases.yaml"), "461209d9d06ccd0c9fc06dfde1b90dd60f5368677391aeca239ff9b0f3fcddb9"},
	{filepath.Join("blind17", "gamedev_data.cases.yaml"), "f0e708f1549fbdcd699845042c50c51eea845c484b7cf3e481875a72ca0e8f80"},
	{filepath.Join("blind17", "maps_social.cases.yaml"), "414e254c705340f8cccc03935429cf8b4fa437333a06abff1a6502e03ed74718"},
	{filepath.Join("blind17", "paas_storage.cases.yaml"), "ab7a2ba06dcf7198fcec43a1fb9b4e1a7dd119726f0caa67496d0766c2acdc58"},
	{filepath.Join("blind18", "cards_graph.cases.yaml"), "ee8d4545686371d9bbbaa61459ac99789502a78bf84349ff07f96fc70f712246"},
	{filepath.Join("blind18", "domains_hosting.cases.yaml"), "c39ea15331de523e3028cad314e6c4d3b129f5569f6f8e4ad27e0b6d5b583647"},
	{filepath.Join("blind18", "music_sketch.cases.yaml"), "21e6cfac8e62938e4b4eac0377a4b804c30a071d15279cea959bc4ebc6b39fd0"},
	{filepath.Join("blind18", "seo_speed.cases.yaml"), "7630844bf0eba5809c7ff2f9e7e15034d86e369c9f8e19af91c445ab0a8c93cb"},
	{filepath.Join("blind18", "tasks_meals.cases.yaml"), "f0a79b6434b5782a718cb257858b28b5f6cd6931ab1671c19828f9e2858186ab"},
	{filepath.Join("blind19", "agents_docs.cases.yaml"), "f698e4ac6b8b414295e2c13e12af1c9dbaf64426209f09f93086aa8dff2e4464"},
	{filepath.Join("blind19", "books_puzzles.cases.yaml"), "0db42de75f459df1c2658eccf99999119ccf98f7e1232a0e25550cef5f5f0fda"},
	{filepath.Join("blind19", "ios_docs.cases.yaml"), "93d3aaaa2ad26aec0a6fbb4835a88194d7896286cb191f4bb5c345c1890c1418"},
	{filepath.Join("blind19", "review_models.cases.yaml"), "6898ad3ad498922c1bc846f8ae1655c0ba26ac0c71e1db25674b189b3efe8c30"},
	{filepath.Join("blind19", "roblox_tests.cases.yaml"), "b8df73ecf281bc751cbe6cc34f775d55d24a86d8269f078c986c291522e93da5"},
	{filepath.Join("blind20", "crowd_kitchen.cases.yaml"), "d8b3c743d60f25fbad0a1686fbc645072627a1be04ba4f4c6a466666ad0e6419"},
	{filepath.Join("blind20", "godot_3d.cases.yaml"), "d253e77ba00d349c32c7883bf9bd385a51ee29c79260ef876807eef5ddfc731f"},
	{filepath.Join("blind20", "mail_music.cases.yaml"), "54d0e529ce9d8c5417ab568ea87de32eb5cad10ce47910027efbf54b42a6ee1b"},
	{filepath.Join("blind20", "media_weather.cases.yaml"), "67dac220eb91e8cf33d43b0c1de54441628614806a0250ad6ca3bfd7abf77c09"},
	{filepath.Join("blind20", "utils_maps.cases.yaml"), "f08da13fc68a03a8426b450ad47981e1d14bf43671a1632c2b14a1df625abed7"},
	{filepath.Join("blind21", "app_stores.cases.yaml"), "655994370161fe34a3e1b4bb8c5acbc9483af8631f5dbaf412562b924a43f14f"},
	{filepath.Join("blind21", "consulting_erp.cases.yaml"), "a5b092df2180fc32a3edc11a0acc23cc1aa1f983bc482928cd7584fa3f57d4dc"},
	{filepath.Join("blind21", "food_translate.cases.yaml"), "c9600c8f98add0f064f6f22b58beac98a8ce30bc1fed0f0c197c8b41f1cc5ce1"},
	{filepath.Join("blind21", "nextjs_auth.cases.yaml"), "f1b55342251c499455f435203800f52e6f302124cfa65302be8215701be93dab"},
	{filepath.Join("blind21", "traces_firewall.cases.yaml"), "4bcddba4ff468d01e1485d894e19df85582b2e226924a7c606a2816319afea69"},
	{filepath.Join("blind22", "chain_crypto.cases.yaml"), "b8c4c5ad4c4f587232808e02be3e1f7000ef8e8f8122dd901071be8efea178b9"},
	{filepath.Join("blind22", "debuggers.cases.yaml"), "6b034b6d65b037a3760fd5374839597e5771014c6a46d9752d6a7073b3a70e92"},
	{filepath.Join("blind22", "ebooks_bazi.cases.yaml"), "636fe1a4a7f5cc939b5ce8df139929e81e31de339a69ad9065b3c7f1febcd7d9"},
	{filepath.Join("blind22", "media_models.cases.yaml"), "fd805e65303f10a5a058640c829570860081529072237239d436469cb99f139b"},
	{filepath.Join("blind22", "pcb_netlist.cases.yaml"), "80cd465e64335bfb6f15e66b9dea7da8760bb8811ff8ad58cd27a09ba1d7022f"},
	{filepath.Join("blind23", "broker_grid.cases.yaml"), "084cebb9434a4767614a6b1740e1330a283ff29142c9f7cac17bbe08f2e3a7d5"},
	{filepath.Join("blind23", "icons_a11y.cases.yaml"), "569876f99e8850251faba90c0bb0baf2bb68a84a7ca493a7cece463519a11a4a"},
	{filepath.Join("blind23", "mainframe_traces.cases.yaml"), "ae356da0e5818aee26a0dbaaee47d5e4358cb0516cc52dd198c54815dbd4547b"},
	{filepath.Join("blind23", "material_ui.cases.yaml"), "9b60469e4c164b6bc968de1a66be6554abeea94530128ddf148d9411bd1cd3e7"},
	{filepath.Join("blind23", "react_ui.cases.yaml"), "511708b6e0b4d938ed0292d551813a7ff9c1abda2c38db523ec995f54864787d"},
	{filepath.Join("blind24", "deadcode_maps.cases.yaml"), "a700ba11c371bb85923bd99afb1bd506fe6692803fcb405ae51985222e95f713"},
	{filepath.Join("blind24", "imagegen_wcag.cases.yaml"), "66e5cdd8ab8b2830ff36e0c6d08066d5ee381bbce4046455418eb06268a190cc"},
	{filepath.Join("blind24", "mail_spend.cases.yaml"), "eabcf1d6c11e8be5918f94fdac1edfaff00a2f6c02094b6a29ebdb10c072fb54"},
	{filepath.Join("blind24", "realtime_agents.cases.yaml"), "8e0427c81ce088f4f9d9ca39f5937cb9f268fe1c8ed9022991083a827f894a66"},
	{filepath.Join("blind24", "tailwind_angular.cases.yaml"), "7ea2005120d9834cd2166c5341a79bc280d2282a8608a69d7ea4e50806cccec3"},
}

func TestPublishedBlindSetsAreFrozen(t *testing.T) {
	if len(publishedBlindSets) != 89 {
		t.Fatalf("%d pinned sets, want 89 (blind7: 4, blind8: 4, blind9: 6, blind10: 5, blind11: 5, blind12: 5, blind13: 5, blind14: 5, blind15: 5, blind16: 5, blind17: 5, blind18: 5, blind19: 5, blind20: 5, blind21: 5, blind22: 5, blind23: 5, blind24: 5)", len(publishedBlindSets))
	}
	for _, s := range publishedBlindSets {
		checkDigest(t, s.file, testdataPath(s.file), s.digest)
	}
}
