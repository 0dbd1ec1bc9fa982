#!/usr/bin/env bash
# Renders the home page's background video: slow topographic contour lines over a deep blue, an
# 8-second seamless loop, drawn by ffmpeg alone (no external asset). Writes WebM (VP9), MP4 (H.264)
# and a poster image to public/media/. Needs Debian's ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/media
mkdir -p "$out"
W=960 H=540 SECONDS=8 FPS=24
# v: a smooth field that drifts with period $SECONDS; c: 1 on its contour lines, else 0.
v="(sin(X/85+1.6*sin(Y/110+2*PI*T/$SECONDS))+0.6*sin((X+Y)/140-2*PI*T/$SECONDS)+0.3*cos(Y/60))"
c="lt(abs(mod($v*3+10\,1)-0.5)\,0.045)"
shade="(Y/$H)"
ffmpeg -loglevel error -y -f lavfi -i "color=c=black:s=${W}x${H}:r=$FPS:d=$SECONDS,format=rgb24" \
  -vf "geq=r='14+26*$c+10*$shade':g='34+52*$c+14*$shade':b='66+80*$c+18*$shade'" \
  -c:v libvpx-vp9 -b:v 450k -pix_fmt yuv420p -an "$out/hero.webm"
ffmpeg -loglevel error -y -i "$out/hero.webm" -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p \
  -movflags +faststart -an "$out/hero.mp4"
ffmpeg -loglevel error -y -i "$out/hero.webm" -frames:v 1 -q:v 4 "$out/hero-poster.jpg"
ls -l "$out"
