/**
 * A response body that takes the next chunk of `chunks` only when the client has taken the last
 * one (no read ahead, so memory holds one batch), and that stops the generator — its database
 * reads and temporary files with it — when the client cancels. A failure midway is logged and
 * cuts the answer: its headers are gone already.
 *
 * @example return c.body(chunkStream(csvChunks(batches), 'Export CSV'));
 */
export function chunkStream(chunks: AsyncGenerator<Uint8Array>, label: string): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await chunks.next();
        } catch (error) {
          console.error(`${label} interrompu :`, error);
          if (!cancelled) controller.error(error);
          return;
        }
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        cancelled = true;
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
