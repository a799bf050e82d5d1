import { Box, Button, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Loading } from '../../../components/Loading';
import { STAFF_TEXTS } from '../texts';
import { Panel } from './Panel';

/**
 * Mermaid's SVG with a fixed size taken from its viewBox, so it can be shown as an image (its
 * own `width="100%"` means nothing inside an <img>).
 */
export function sizedSvg(svg: string): string {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName.toLowerCase() !== 'svg') return svg;
  const box = root
    .getAttribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite)) {
    root.setAttribute('width', String(Math.ceil(box[2])));
    root.setAttribute('height', String(Math.ceil(box[3])));
    root.removeAttribute('style');
  }
  return new XMLSerializer().serializeToString(root);
}

type Drawing = { svg: string } | 'failed' | null;

/**
 * The workflow of the case type with its current status styled (the server's Mermaid source),
 * closed until opened: only then is it drawn, by mermaid, which is loaded only here so the
 * customer app never carries it. If it cannot be drawn the source is shown instead. Remount
 * (key) to draw another source.
 */
export function WorkflowDiagram({ source }: { source: string }) {
  return (
    <Panel title={STAFF_TEXTS.workflow} collapsible>
      <Drawing source={source} />
    </Panel>
  );
}

function Drawing({ source }: { source: string }) {
  const [drawing, setDrawing] = useState<Drawing>(null);
  // The whole workflow is large: fitted to the panel by default, or full size in a scroll box.
  const [fullSize, setFullSize] = useState(false);
  const id = `workflow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  useEffect(() => {
    let cancelled = false;
    const draw = async () => {
      try {
        const { default: mermaid } = await import('mermaid');
        mermaid.initialize({
          startOnLoad: false,
          securityLevel: 'strict',
          suppressErrorRendering: true,
          htmlLabels: false,
          flowchart: { htmlLabels: false },
        });
        const { svg } = await mermaid.render(id, source);
        if (!cancelled) setDrawing({ svg: sizedSvg(svg) });
      } catch {
        if (!cancelled) setDrawing('failed');
      }
    };
    void draw();
    return () => {
      cancelled = true;
    };
  }, [id, source]);

  const drawn = drawing !== null && drawing !== 'failed' ? drawing : null;
  return (
    <>
      {drawn && (
        <Button
          size="small"
          aria-pressed={fullSize}
          onClick={() => setFullSize((f) => !f)}
          sx={{ mb: 1 }}
        >
          {fullSize ? 'Fit to width' : 'Show full size'}
        </Button>
      )}
      {drawing === null && <Loading label="Drawing the workflow" />}
      {drawn && (
        <Box
          // Full size scrolls inside the panel; the box takes keyboard focus so it can be
          // scrolled without a mouse.
          {...(fullSize
            ? { tabIndex: 0, role: 'region', 'aria-label': 'Workflow diagram, full size' }
            : {})}
          sx={{ overflow: fullSize ? 'auto' : 'visible', maxHeight: fullSize ? '80vh' : 'none' }}
        >
          <Box
            component="img"
            src={`data:image/svg+xml;utf8,${encodeURIComponent(drawn.svg)}`}
            alt="The case type's workflow, with the case's current status highlighted"
            data-testid="workflow-diagram"
            sx={{
              display: 'block',
              maxWidth: fullSize ? 'none' : '100%',
              height: 'auto',
              mx: fullSize ? 0 : 'auto',
            }}
          />
        </Box>
      )}
      {drawing === 'failed' && (
        <Typography role="status" sx={{ mb: 1 }}>
          {STAFF_TEXTS.diagramFailed}
        </Typography>
      )}
      {drawing !== null && (
        <Box component="details" open={drawing === 'failed'} sx={{ mt: 1 }}>
          <Box component="summary" sx={{ cursor: 'pointer' }}>
            {STAFF_TEXTS.diagramSource}
          </Box>
          <Box
            component="pre"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13, m: 0, mt: 1 }}
          >
            {source}
          </Box>
        </Box>
      )}
    </>
  );
}
