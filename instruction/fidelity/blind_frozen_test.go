package fidelity_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"testing"
)

// blindLeakCorpora pins every blind leak corpus (rounds 1-26), each written
// and labelled by someone who never read the checker and measured once
// (its directory's RESULTS.md). After that first measurement a corpus is
// tuning data, but never edited: a corpus changed to fit a result would
// make its first figure meaningless.
var blindLeakCorpora = []struct{ file, digest string }{
	{"testdata/blind/blind-business.json", "069ecc8cf3a8a8e58b1461c3b7833d75b43a7314f6cd59744824feda61f4187f"},
	{"testdata/blind/blind-published.json", "13f2257ecb25f32cf43cbed66c4e3921b77c06516b607a4adafbcc9da1808f8d"},
	{"testdata/blind/blind-sectors.json", "2827f2883d915109b5fa4ecfa052f375d84b4a7b92a0085a42e09a124916e633"},
	{"testdata/blind/blind-subtle.json", "482dc0d2fe6a3205632776644fd65213a658cdda9eaed777f116b64b7e4548ad"},
	{"testdata/blind2/blind2-grafted.json", "4080a0286b8e9541003d8f9e4c38b84003a019787e83f64841a50d8b5f0b3953"},
	{"testdata/blind2/blind2-oblique.json", "e8cf708638affdf29d5eb02fd1af427e0ca43cdbf9a7ecda3881912004a60134"},
	{"testdata/blind2/blind2-published.json", "a97431bcb1a4d1aecb9a38c0e82390fcf518b4cc161eec2433daedaa9a12b168"},
	{"testdata/blind2/blind2-sectors.json", "bfae3e969f82702ffaccd87160bfadc6af2505f6f04120419c24a62a4a92bc75"},
	{"testdata/blind3/blind3-indirect.json", "f07674c827cfd709daba95813bd81a2475c50a25956908639de0084f1a9fbf72"},
	{"testdata/blind3/blind3-published.json", "4477ffef331a9272ce347c5f5454fd484fb7b22d6934f1070fa588064d8e156c"},
	{"testdata/blind3/blind3-workflows.json", "69aead200c04a84ca2fc62da07f8c744d5ea8b2d33d8a1f6c165801fe53d9637"},
	{"testdata/blind4/blind4-domains.json", "df283222fe94e3eb5469d75084aa6fdfc70cefaebd13a5ee0d801f577716bf15"},
	{"testdata/blind4/blind4-hard.json", "40540c9d20221cc4023d398e97a676d4a81c2c38980d58f66e6e8d62ba75911e"},
	{"testdata/blind4/blind4-published.json", "7bffc259ebd83d453d2135df1623c3870e305c09ebfb06f389f4c05e4b0663c4"},
	{"testdata/blind5/blind5-domains.json", "9e7e989abd471e43dd129c605eed95cf75d8f8451f354a6b3a79e837cb733b92"},
	{"testdata/blind5/blind5-hard.json", "ba571c043442609767f26f41faee21f3fed136bc6e9e2a5d76765d384713661e"},
	{"testdata/blind5/blind5-published.json", "029e98e5293a59c2f424f499adb7a0c6b9b12330645522d5e8347699ae6ddc6f"},
	{"testdata/blind6/blind6-domains.json", "5c065f5e21545d0e4c141334ac285200d27004720c44430769ecf2db2b65ae04"},
	{"testdata/blind6/blind6-hard.json", "8a1d225515f66e19d8af2b85843afa5dd390406cf08696c234c578366976dec0"},
	{"testdata/blind6/blind6-published.json", "b46dfc3aee018ce6b51c23972df05332e62037be41b099db086e0048b19ec79e"},
	{"testdata/blind7/blind7-domains.json", "85dab0d2ebbd7c7e33bbf4927145fc06105c5a34dd0c7802dbbaa20a809c09a6"},
	{"testdata/blind7/blind7-hard.json", "ced203f7430893ec11f9d28447709a2a88a52b9541980adee85c6db8cee5bdc6"},
	{"testdata/blind7/blind7-published.json", "2ff28fed35981bb089cdef2cc74c6156df706aa0c16a8946c0e3d2cf49d2cddf"},
	{"testdata/blind8/blind8-domains.json", "a7dca84dcd84f1287e2a14289c372fa5027074d8f1adb7b70be1cb34c7167079"},
	{"testdata/blind8/blind8-hard.json", "1eb22118934c5cfa324f3e23013aefa6b09284c18889457d9efaa14e86569107"},
	{"testdata/blind8/blind8-published.json", "14c58f90c24f6919606ef68f1ede310a75cf34bcbf4ebe6b02d034167d8d9997"},
	{"testdata/blind9/blind9-domains.json", "45e41e7b352761c036048e097fc75d866f8d94e034f12049b2fef332429cdf49"},
	{"testdata/blind9/blind9-hard.json", "1a2dfb841733fee0f4753dd2595a7e92949c6f8c46ddedcdf4742e93e2c7e77c"},
	{"testdata/blind9/blind9-published.json", "4a47e77dc7b9fb2bc27ba8b34d5d9a620802744a154e23ccfffd67fce65541af"},
	{"testdata/blind10/blind10-domains.json", "c4db3d3e1ade96b05f76cd263010966c81576e40809bbad951f42157541e0512"},
	{"testdata/blind10/blind10-hard.json", "8ed81f6b2008f7e744cdb39bcc5bd1e34019eddb629a908c4fe8f039921fa8ca"},
	{"testdata/blind10/blind10-published.json", "784ce6ba87075c0c4fc712b94945753bca963587a77d36aa32fef09fcd12bcfc"},
	{"testdata/blind11/blind11-domains.json", "fe1da1fa3f1e99839d255b2b78765002498b4acab96360b486d2467140069d50"},
	{"testdata/blind11/blind11-hard.json", "53d6a97debaaaceb3247bbdc29813c79f131add0cb5ab3b04027cbedcc0ae585"},
	{"testdata/blind11/blind11-published.json", "10386af1921c2eb60b1d04befc9e14cbda16e235046ad9b571eafb827a51b898"},
	{"testdata/blind12/blind12-domains.json", "a29cb494e3aa9c6e0dbba5d28f1ac740f8192ad7f187e2d0eb483318d99a5a22"},
	{"testdata/blind12/blind12-hard.json", "a83dcaa12759e61065a6487a950421df987de00bbec58b52e9d7f37ce93c9643"},
	{"testdata/blind12/blind12-published.json", "e74ea4bc9068ad66255a3db67781124ef1103acc216dd8c0bc20c74592c3f871"},
	{"testdata/blind13/blind13-domains.json", "52339c38b7f338d00a29025acf3fed6a156b61c7f27721f21a17cf6add49c21d"},
	{"testdata/blind13/blind13-hard.json", "d18e4d4fe35fe555b7aa587b208db9903a7a813923d392cb0ebf49f126cb92a7"},
	{"testdata/blind13/blind13-published.json", "df8b3a072fd51d0ca233da0205847b6eaa46743cdca96777cd0ae30ee0e2252a"},
	{"testdata/blind14/blind14-domains.json", "0d576304ca2033a21732d3e6edc28ade7a759081565568238b81448dc6274db5"},
	{"testdata/blind14/blind14-hard.json", "c2a22520c5d56fa5d085c8db7d3b787e98fc88a5702b4a4ff32ef8afc92c4ba1"},
	{"testdata/blind14/blind14-published.json", "7f9cd7912ff3863366a73b40791031f02cc2c348548e0f49d60ca4ea82b1e46c"},
	{"testdata/blind15/blind15-domains.json", "064a741ea60f3d901b238ae4cc87efc3005e2aee044da61bfb5cfb407863ee57"},
	{"testdata/blind15/blind15-hard.json", "091aac78a3b74deaf89ee4f4be653759b18898a0dcfb9ac1282d7d1947afd071"},
	{"testdata/blind15/blind15-published.json", "70f97c282963a8153b8e98f0ff81a1f49f108561c066ab72c43fa8df433af60f"},
	{"testdata/blind16/blind16-domains.json", "16314a445f0ab5cfde26bc4195ebe518098a9ac70bdb670eb107027ae9cfed83"},
	{"testdata/blind16/blind16-hard.json", "8209fde9e7b0ae4c2375324de6a03d3845edcb16aaa981bf4414f7d567ca2605"},
	{"testdata/blind16/blind16-published.json", "837ca50a4311e5a83cd516b2bc6ac2920d2bc7900a492f41e93b361922819d97"},
	{"testdata/blind17/blind17-domains.json", "0917ffeac4cf347bde354c6fc8c49087e2fc34bcc8941cef53cc06dbb18ed6e9"},
	{"testdata/blind17/blind17-hard.json", "313c5b9d7b6ba1976cae445f5269c58897edb47d8273946bd6a8c28278a9a538"},
	{"testdata/blind17/blind17-published.json", "ba8ff2f61eec2178fc40a5ef440744cafcdf10775ef53928be1b4679214e8a02"},
	{"testdata/blind18/blind18-domains.json", "931f49ad7f0f4bb8c39b35878659c28c75d952b86de0b92a5a8f2c85a3e348b0"},
	{"testdata/blind18/blind18-hard.json", "21b3e6a32c90721e4ce7ff0e13856f18aa710934ef4057ea27a3c7822fe3f53e"},
	{"testdata/blind18/blind18-published.json", "1c69da467432595ed13f4931b44f6baf56f359bf0eff35b8f7d3a2c9c44cf449"},
	{"testdata/blind19/blind19-domains.json", "b656542735d2461671d2ae736fe10534bb6a13d7720a4996cc9051f09b2e83bd"},
	{"testdata/blind19/blind19-hard.json", "1ff77598afeaa273fe369852ecbadae1b981cc8773c2a92c4e97ce2180bcb7d4"},
	{"testdata/blind19/blind19-published.json", "0edeb848b4bd868c9857bf11a39f24ceacec31b9409ee955ff275add06cb246c"},
	{"testdata/blind20/blind20-domains.json", "c0b30fcb4f3e1c70e91fc94f54e110ec1fdfa883aa5db77096752675eef9ca09"},
	{"testdata/blind20/blind20-hard.json", "ffdd1f748a4df817dbef1b436b4ebdac6bbdae9e342d58dc220570e65fad9828"},
	{"testdata/blind20/blind20-published.json", "a7b83b867e54d7885f6897fa3ea4b0f1bf857c4f07e8057492c50379aa6393a6"},
	{"testdata/blind21/blind21-domains.json", "59b750fbbb1678190eb4880f87ad70d44d7f4456ce350c2b3ae68bbe822563e0"},
	{"testdata/blind21/blind21-hard.json", "71deda8bb38b192931b8a3ae550463f3f9b70deb060b0f4a1ea77794f22b70d5"},
	{"testdata/blind21/blind21-published.json", "f68038b8e2e6a123a4f49e95ea2e2f414cc907baf4c32267fd36439c51aad7ed"},
	{"testdata/blind22/blind22-domains.json", "3eee0e0273eec8fe6d97c8475b1286474cc645f6a8fa3feec284273c826620e1"},
	{"testdata/blind22/blind22-hard.json", "51db250ddcc0d8714777d286bc9c4b34da09e8fc6bc40d1d689fb9a88228b485"},
	{"testdata/blind22/blind22-published.json", "963561fc91c4b9c517d5760b6934ac7b4866de382989f624d1c3ebab31f7e024"},
	{"testdata/blind23/blind23-domains.json", "662023e673dc3dec518729e6d708104e2e159a461e869a88b67cb36f87d5e0cd"},
	{"testdata/blind23/blind23-hard.json", "722ae4b3e60adae926a0f3ec59f0aef6deee73b12f263a4fe162adea35942e52"},
	{"testdata/blind23/blind23-published.json", "b0ff8456ed202da867eebd7358256a169f495098e59e7250f58c969e86210427"},
	{"testdata/blind24/blind24-domains.json", "c9be8737e05816b70abe1610d6557816f0d8f96d1daae90811b02ea7e790023f"},
	{"testdata/blind24/blind24-hard.json", "85643139295ec6b9fceaa794440c521d677ac5ade151403d9b230d673823227b"},
	{"testdata/blind24/blind24-published.json", "58299dcfef4fef0fb8dff2bedd35bcf85286b67b3a77d2f1d04efd06596d4862"},
	{"testdata/blind25/blind25-domains.json", "1254815b29937981fed6e91c853cadde62fe186daa164b11dbffbe2b54505514"},
	{"testdata/blind25/blind25-hard.json", "aaa7bb55ee648d27868c4ba80bb44a0eb491d6ec41948b31c440800d2621149a"},
	{"testdata/blind25/blind25-published.json", "d5f0d3507e00856148e8e506f6f636173a47583cfc97898512390d0b1a0f8309"},
	{"testdata/blind26/blind26-domains.json", "c87c8da2c27735b6c6f616aef17eaff91bb425b82e37f5ae23189c676426557c"},
	{"testdata/blind26/blind26-hard.json", "7bb4aea3b81ac84f8210e9434805d5eaba52e346198e6f85e0c1020aaf31c39a"},
	{"testdata/blind26/blind26-published.json", "cbdd3858c4043877032a29b6c4f07d06448dd1e028142208fad2337366566f3b"},
}

func TestBlindLeakCorporaAreFrozen(t *testing.T) {
	if len(blindLeakCorpora) != 80 {
		t.Fatalf("%d pinned corpora, want 80", len(blindLeakCorpora))
	}
	for _, c := range blindLeakCorpora {
		raw, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		sum := sha256.Sum256(raw)
		if got := hex.EncodeToString(sum[:]); got != c.digest {
			t.Errorf("%s changed (sha256 %s, pinned %s): a blind corpus is never edited after its first measurement", c.file, got, c.digest)
		}
	}
}
