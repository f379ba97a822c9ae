import {
  CompletionOverlay,
  Composer,
  ConnectionStatus,
  ExchangeView,
  MessageList,
  NearMissHint,
  RabbitholeIndicator,
  RabbitholePrompt,
  ResourceCard,
  SessionAnnouncer,
  SessionControls,
  SessionImage,
  SessionProgress,
} from '../index';

// The components ship no styles; this sheet shows how a host styles them through their
// `data-state` attributes and parts.
const DEMO_STYLES = `
.demo { display: grid; gap: 12px; max-width: 640px; font: 15px/1.45 system-ui, sans-serif; color: #1d2a1b; }
.demo [role="group"][data-state="visible"] { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; }
.demo ol[data-part="items"] { display: flex; gap: 6px; list-style: none; margin: 0; padding: 0; }
.demo li[data-index] { width: 12px; height: 12px; border-radius: 50%; border: 2px solid #3f8f3a; transition: transform 300ms; }
.demo li[data-index][data-state="recalled"] { background: #3f8f3a; transform: scale(1.15); }
.demo time[role="timer"] { font-variant-numeric: tabular-nums; }
.demo ul[aria-label] { display: flex; gap: 4px; list-style: none; margin: 0; padding: 0; }
.demo ul[aria-label] li { background: #e5efe3; border-radius: 999px; padding: 0 8px; font-size: 12px; }
.demo [role="log"] { display: grid; gap: 8px; max-height: 260px; overflow: auto; border: 1px solid #c9d6c6; padding: 8px; }
.demo [data-role="user"] { justify-self: end; background: #e8f0fb; padding: 4px 8px; border-radius: 8px; }
.demo [data-role] p { margin: 0; }
.demo [data-state="streaming"] [data-part="content"]::after { content: "▍"; }
.demo [data-part="author"] { font-size: 12px; color: #4b5d48; }
.demo [role="dialog"] { border: 2px solid #3f8f3a; padding: 16px; background: white; }
.demo figure img { max-width: 200px; }
.demo button { font: inherit; padding: 4px 10px; }
`;

/** Every component together, styled through data attributes, for the session stories. */
export function DemoScreen() {
  return (
    <div className="demo">
      <style>{DEMO_STYLES}</style>
      <SessionProgress.Root>
        <SessionProgress.Items data-part="items" />
        <SessionProgress.Count />
        <SessionProgress.Timer />
        <SessionProgress.RabbitholeLabels />
        <SessionProgress.MuteToggle />
      </SessionProgress.Root>
      <RabbitholeIndicator.Root />
      <ConnectionStatus.Root />
      <MessageList.Root />
      <NearMissHint.Root />
      <SessionImage.Root />
      <ResourceCard.Root />
      <RabbitholePrompt.Root />
      <Composer.Root />
      <SessionControls.Root />
      <CompletionOverlay.Root />
      <SessionAnnouncer.Root />
    </div>
  );
}

/** The single-exchange layout: only the current question and the input. */
export function SingleExchangeScreen() {
  return (
    <div className="demo">
      <style>{DEMO_STYLES}</style>
      <SessionProgress.Root />
      <RabbitholeIndicator.Root />
      <ExchangeView.Root />
      <RabbitholePrompt.Root />
      <Composer.Root />
      <CompletionOverlay.Root />
    </div>
  );
}
