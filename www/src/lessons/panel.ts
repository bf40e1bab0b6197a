// The lessons' page side (issue 19), loaded on the header's Lessons button's first press (main.ts):
// a dialog listing them with
// the learner's progress; a lesson opens its gallery example at the step before its question and
// shows a card above the playground: the question, its choices (radio buttons: keyboard first),
// Check, then whether it was right and why, a button that steps to the answer, and the next
// lesson. Progress (the lessons answered right) is kept in localStorage; there is no server.

import './lessons.css';
import { h } from '../dom';
import { findExample } from '../gallery';
import { type Lesson, LESSONS, loadProgress, saveProgress } from './lessons';

export interface LessonHost {
  /** Opens `script` (dialect confluent, query 1) at step `step`. */
  open(script: string, step: number): void;
  /** Shows step `step` of what is open. */
  goTo(step: number): void;
  /** Where the card goes (its first child). */
  host: HTMLElement;
}

/** The lesson card shown (one at a time). */
let card: HTMLElement | null = null;

/** Opens the Lessons dialog (the header's `button` gets the focus back when it closes). */
export function openLessons(host: LessonHost, button: HTMLElement): void {

  const start = (i: number) => {
    const lesson = LESSONS[i];
    const ex = lesson ? findExample(lesson.example) : undefined;
    if (!lesson || !ex) return;
    card?.remove();
    card = lessonCard(lesson, i, host, (next) => {
      card?.remove();
      card = null;
      if (next !== null) start(next);
    });
    host.host.prepend(card);
    host.open(ex.script, lesson.step - 1);
    card.querySelector<HTMLInputElement>('input')?.focus();
  };

  {
    const done = loadProgress();
    const dialog = h('dialog', { class: 'jl-lessons', 'data-testid': 'lessons-panel', 'aria-labelledby': 'jl-lessons-title' });
    const close = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'lessons-close' }, 'Close');
    close.addEventListener('click', () => dialog.close());
    const items = LESSONS.map((l, i) => {
      const b = h('button', { type: 'button', class: 'jl-lesson-item', 'data-lesson': l.id }, `${i + 1}. ${l.title}`, done.has(l.id) ? h('span', { class: 'jl-lesson-done' }, ' ✓ answered') : null);
      b.addEventListener('click', () => {
        dialog.close();
        start(i);
      });
      return h('li', {}, b);
    });
    const tour = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'lessons-tour' }, 'The page tour');
    tour.addEventListener('click', () => {
      dialog.close();
      void import('../tour/tour').then(({ startTour }) => startTour());
    });
    dialog.append(
      h('h2', { id: 'jl-lessons-title' }, 'Lessons'),
      h('p', { class: 'jl-muted', 'data-testid': 'lessons-progress' }, `A short path through the examples, one question each: which rows come out at the next step? ${done.size} of ${LESSONS.length} answered right (kept in this browser).`),
      h('ol', { class: 'jl-lesson-list' }, ...items),
      h('p', { class: 'jl-lessons-buttons' }, close, ' ', tour),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (!card) button.focus();
    });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>('.jl-lesson-item')?.focus();
  }
}

/** The question card of lesson `i`; `done(next)` closes it (and opens lesson `next`, if any). */
function lessonCard(lesson: Lesson, i: number, host: LessonHost, done: (next: number | null) => void): HTMLElement {
  const name = `jl-lesson-${lesson.id}`;
  const options = lesson.choices.map((c, k) =>
    h('label', { class: 'jl-lesson-choice' }, h('input', { type: 'radio', name, value: String(k), 'data-testid': `lesson-choice-${k}` }), ` ${c.text}`),
  );
  const feedback = h('div', { class: 'jl-lesson-feedback', role: 'status', 'data-testid': 'lesson-feedback' });
  const check = h('button', { type: 'button', class: 'jl-btn jl-primary', 'data-testid': 'lesson-check' }, 'Check');
  const see = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'lesson-see', hidden: true }, `Step to step ${lesson.step} and see`);
  const next = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'lesson-next', hidden: true }, i + 1 < LESSONS.length ? 'Next lesson' : 'Finish');
  const close = h('button', { type: 'button', class: 'jl-btn jl-small', 'data-testid': 'lesson-close' }, 'Close the lesson');
  check.addEventListener('click', () => {
    const picked = options.findIndex((o) => o.querySelector('input')?.checked);
    if (picked < 0) {
      feedback.textContent = 'Pick one answer first.';
      return;
    }
    const right = picked === lesson.answer;
    if (right) {
      const progress = loadProgress();
      progress.add(lesson.id);
      saveProgress(progress);
    }
    feedback.replaceChildren(h('strong', {}, right ? 'Right. ' : `Not quite: it is “${lesson.choices[lesson.answer].text}”. `), lesson.why);
    feedback.classList.toggle('jl-lesson-right', right);
    see.hidden = false;
    next.hidden = false;
    see.focus();
  });
  see.addEventListener('click', () => host.goTo(lesson.step));
  next.addEventListener('click', () => done(i + 1 < LESSONS.length ? i + 1 : null));
  close.addEventListener('click', () => done(null));
  return h(
    'section',
    { class: 'jl-lesson', 'data-testid': 'lesson-card', 'aria-labelledby': `${name}-title` },
    h('h2', { id: `${name}-title` }, `Lesson ${i + 1} of ${LESSONS.length}: ${lesson.title}`),
    h('fieldset', {}, h('legend', {}, lesson.prompt), ...options),
    h('p', { class: 'jl-lesson-actions' }, check, see, next, close),
    feedback,
  );
}
