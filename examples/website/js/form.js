// Posts a website form to POST /api/public/<form> and tells the visitor what happened: a summary at the top of the
// form, and each field's message (an empty required field's, or the API's 400 answer's) next to that field.
import { ApiError, postForm } from './api.js';
import { h } from './dom.js';

/** @typedef {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} Control */

/** @param {HTMLFormElement} form @param {string} name */
function controlOf(form, name) {
  const control = form.elements.namedItem(name);
  return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement
    ? control
    : null;
}

/** @param {HTMLFormElement} form */
function clearErrors(form) {
  for (const error of form.querySelectorAll('.field-error')) error.remove();
  for (const control of form.querySelectorAll('[aria-invalid]')) {
    control.removeAttribute('aria-invalid');
    const hints = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && !id.endsWith('-error'));
    if (hints.length > 0) control.setAttribute('aria-describedby', hints.join(' '));
    else control.removeAttribute('aria-describedby');
  }
}

/**
 * Marks a field invalid and puts its message under it. False when the form has no visible field by that name.
 * @param {HTMLFormElement} form @param {string} name @param {string} message
 */
function showFieldError(form, name, message) {
  const control = controlOf(form, name);
  if (!control || control.type === 'hidden' || control.closest('[aria-hidden="true"]')) return false;
  const id = `${control.id}-error`;
  const error = h('p', { class: 'field-error', id }, [h('span', { class: 'visually-hidden', text: 'Error: ' }), message]);
  control.closest('.field')?.append(error);
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', [control.getAttribute('aria-describedby'), id].filter(Boolean).join(' '));
  return true;
}

/** A field's name as its label shows it, without the required or optional marks. @param {Control} control */
function labelOf(control) {
  const label = control.labels?.[0];
  return (label?.firstChild?.textContent ?? control.name).trim();
}

/**
 * Required fields left empty, checked before anything is sent so the visitor hears about all of them at once. Only
 * emptiness: the API checks everything (formats, lengths, the file's type) and its 400 is shown the same way.
 * @param {HTMLFormElement} form
 * @returns {Record<string, string>}
 */
function missingRequired(form) {
  /** @type {Record<string, string>} */
  const errors = {};
  for (const control of form.querySelectorAll('input[required], textarea[required]')) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) continue;
    const empty = control instanceof HTMLInputElement && control.type === 'file' ? !control.files?.length : control.value.trim() === '';
    if (empty) errors[control.name] = `${labelOf(control)} is required`;
  }
  return errors;
}

/**
 * The form's values: multipart keeps files (an empty file input is left out); JSON is text only.
 * @param {HTMLFormElement} form @param {boolean} multipart
 */
function valuesOf(form, multipart) {
  const data = new FormData(form);
  for (const [name, value] of [...data.entries()]) {
    if (value instanceof File && value.size === 0 && value.name === '') data.delete(name);
  }
  if (multipart) return data;
  return Object.fromEntries([...data.entries()].filter(([, value]) => typeof value === 'string'));
}

/**
 * @param {HTMLFormElement} form must hold a `[data-form-message]` element and a submit button
 * @param {{ endpoint: string, multipart?: boolean, success: string }} options
 *   endpoint: the form's name under /api/public/; multipart: send as multipart/form-data (files);
 *   success: what the visitor reads once it is sent
 */
export function wireForm(form, { endpoint, multipart = false, success }) {
  const message = /** @type {HTMLElement} */ (form.querySelector('[data-form-message]'));
  const button = /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]'));
  const idle = button.textContent ?? '';

  /** @param {'success' | 'error'} kind @param {string} title @param {Node[]} [details] */
  const say = (kind, title, details = []) => {
    message.className = `form-message form-message--${kind}`;
    message.replaceChildren(h('p', { class: 'form-message-title', text: title }), ...details);
    message.hidden = false;
    message.focus();
  };

  /** @param {ApiError} problem */
  const showProblem = (problem) => {
    const links = Object.entries(problem.errors).map(([name, text]) => {
      const shown = showFieldError(form, name, text);
      const control = controlOf(form, name);
      return h('li', {}, [shown && control ? h('a', { href: `#${control.id}`, text }) : text]);
    });
    say('error', problem.message, links.length > 0 ? [h('ul', {}, links)] : []);
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    clearErrors(form);
    message.hidden = true;
    const missing = missingRequired(form);
    if (Object.keys(missing).length > 0) {
      showProblem(new ApiError(400, 'Please check the form for errors', missing));
      return;
    }
    form.setAttribute('aria-busy', 'true');
    button.disabled = true;
    button.textContent = 'Sending…';
    try {
      await postForm(endpoint, valuesOf(form, multipart));
      form.reset();
      say('success', success);
    } catch (error) {
      showProblem(error instanceof ApiError ? error : new ApiError(0, 'Something went wrong. Please try again.'));
    } finally {
      form.removeAttribute('aria-busy');
      button.disabled = false;
      button.textContent = idle;
    }
  });

  // The summary's links move the focus to their field (a plain #id link would only scroll).
  message.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
    const control = link ? document.getElementById(link.getAttribute('href')?.slice(1) ?? '') : null;
    if (!control) return;
    event.preventDefault();
    control.focus();
  });
}
