package web

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
)

// faviconICO is a 32×32 icon (an ICO holding one PNG), drawn once, when
// first asked for (not at start: its PNG encoder's buffers are the start's
// to spare): browsers ask for /favicon.ico on every site, and a 404 there
// fills logs.
var faviconICO = sync.OnceValue(func() []byte {
	const n = 32
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	ink, paper := color.NRGBA{0x1f, 0x4e, 0x8c, 0xff}, color.NRGBA{0xff, 0xff, 0xff, 0xff}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			c := ink
			// a white anvil-like bar and stem: the forge
			if (y >= 9 && y <= 14 && x >= 6 && x <= 25) || (y > 14 && y <= 22 && x >= 13 && x <= 18) || (y >= 22 && y <= 25 && x >= 9 && x <= 22) {
				c = paper
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var p bytes.Buffer
	if err := png.Encode(&p, img); err != nil {
		panic(err)
	}
	var b bytes.Buffer
	// ICONDIR, one ICONDIRENTRY, then the PNG
	binary.Write(&b, binary.LittleEndian, [3]uint16{0, 1, 1})
	b.Write([]byte{n, n, 0, 0})
	binary.Write(&b, binary.LittleEndian, [2]uint16{1, 32})
	binary.Write(&b, binary.LittleEndian, [2]uint32{uint32(p.Len()), 6 + 16})
	b.Write(p.Bytes())
	return b.Bytes()
})

func (s *Server) favicon(c echo.Context) error {
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/x-icon", faviconICO())
}
