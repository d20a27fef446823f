/**
 * How much of an upload has gone: a progress bar named `label` (what is being sent) and the
 * percent beside it. Each app styles `.upload-progress` in its own look.
 */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="upload-progress">
      <progress className="upload-progress__bar" max={100} value={percent} aria-label={label} />
      <span className="upload-progress__percent" aria-hidden="true">
        {percent}&nbsp;%
      </span>
    </div>
  );
}
