import { mountApp } from '@app/client';
import { App } from './app';
import { createAppRouter } from './router';
import './styles.css';

void mountApp(<App router={createAppRouter()} />);
