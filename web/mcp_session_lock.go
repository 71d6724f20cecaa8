package web

import (
	"hash/fnv"
	"sync"
)

// sessionLocks serialize the writes of one gateway session's requests
// within a replica (striped by session id, so memory stays bounded);
// across replicas the session's optimistic version check decides.
var sessionLocks [64]sync.Mutex

// lockSession locks the stripe of session id and returns its unlock.
func lockSession(id string) func() {
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	m := &sessionLocks[h.Sum32()%uint32(len(sessionLocks))]
	m.Lock()
	return m.Unlock
}
